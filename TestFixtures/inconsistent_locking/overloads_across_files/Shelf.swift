import Foundation

// One overload here, the other (same full name, `book(at:)`) in the extension in the other file.
final class Shelf {
    let lock = NSLock()
    var books: [String] = []
    var shelves: [String: [String]] = [:]

    func put(_ b: String, on s: String) {
        lock.lock()
        books.append(b)
        shelves[s, default: []].append(b)
        lock.unlock()
    }

    func book(at index: Int) -> String {
        books[index] // expect: inconsistent_locking
    }
}
