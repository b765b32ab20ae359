import Foundation

/// The var's type, and the mutating method called on it, are declared in other files (one in
/// an extension).
final class Board {
    private let queue = DispatchQueue(label: "board")
    private var marks = MarkSet()

    func add(_ m: Int) { queue.async { self.marks.insert(m) } }
    func purge() { queue.async { self.marks.dropAll() } }
    var count: Int { marks.size } // expect: inconsistent_locking
    func dropNow() { marks.dropAll() } // expect: inconsistent_locking
}

/// Quiet: the same type, only read through a method it does not declare mutating.
final class Viewer {
    private let queue = DispatchQueue(label: "viewer")
    private var marks = MarkSet()

    func show() { queue.async { print(self.marks.has(1)) } }
    func peek() -> Bool { marks.has(2) }
}
