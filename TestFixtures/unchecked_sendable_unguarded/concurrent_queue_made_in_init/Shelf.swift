import Foundation

// The queue comes from the superclass, made concurrent in its init in another file.
final class Shelf: Store, @unchecked Sendable {
    private var books: [String] = []

    var titles: [String] { queue.sync { books } }
    func add(_ title: String) { queue.sync { books.append(title) } } // expect: unchecked_sendable_unguarded
    func removeAll() { queue.async(flags: .barrier) { self.books = [] } }
}
