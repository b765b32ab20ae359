import Foundation

/// Near miss: a synchronous nonisolated member reads it while the actor may be writing it.
actor Inbox {
    nonisolated(unsafe) var revocationObserver: NSObjectProtocol? // expect: nonisolated_unsafe

    deinit {
        if let revocationObserver { NotificationCenter.default.removeObserver(revocationObserver) }
    }

    func watch() {
        revocationObserver = NotificationCenter.default.addObserver(forName: .init("inbox"), object: nil, queue: nil) { _ in }
    }

    nonisolated var isWatching: Bool { revocationObserver != nil }
}
