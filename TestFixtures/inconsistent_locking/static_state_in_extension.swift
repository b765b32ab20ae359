import Foundation

final class Session {
    static let stateLock = NSLock()
    static var active: [Int: String] = [:]
}

extension Session {
    static func open(_ id: Int, _ name: String) {
        stateLock.withLock { active[id] = name }
    }

    static func close(_ id: Int) {
        Session.stateLock.withLock { _ = Session.active.removeValue(forKey: id) }
    }

    static func isOpen(_ id: Int) -> Bool {
        Session.active[id] != nil // expect: inconsistent_locking
    }
}
