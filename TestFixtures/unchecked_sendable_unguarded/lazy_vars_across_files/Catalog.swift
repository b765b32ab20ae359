import Foundation

// The class keeps a lock; its conformance and its lazy vars' readers are in another file.
final class Catalog {
    let lock = NSLock()
    var titles: [String] = []
    lazy var index: [String: Int] = Dictionary(uniqueKeysWithValues: titles.enumerated().map { ($1, $0) })
    lazy var sorter = Sorter()

    func add(_ title: String) { lock.withLock { titles.append(title) } }
}

final class Sorter {
    func sorted(_ items: [String]) -> [String] { items.sorted() }
}
