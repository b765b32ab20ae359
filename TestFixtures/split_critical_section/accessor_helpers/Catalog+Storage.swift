import Foundation

extension Catalog {
    func store(_ items: [Int: String]) {
        lock.withLock { entries = items }
    }
}
