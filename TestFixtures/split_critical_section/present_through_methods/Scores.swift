import Foundation

final class Scores: @unchecked Sendable {
    let lock = NSLock()
    var table: [String: Int] = [:]

    func score(for name: String) -> Int? {
        lock.withLock { table[name] }
    }

    func setScore(_ value: Int, for name: String) {
        lock.withLock { table[name] = value }
    }
}
