import Foundation

extension Catalog: @unchecked Sendable {}

extension Catalog {
    // Read under the lock here and without it below: the unguarded read can be the first.
    func position(of title: String) -> Int? {
        lock.withLock { index[title] }
    }

    func quickPosition(of title: String) -> Int? {
        index[title] // expect: unchecked_sendable_unguarded
    }

    // Every read under the lock: quiet.
    func ordered() -> [String] {
        lock.withLock { sorter.sorted(titles) }
    }
}
