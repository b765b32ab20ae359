import Foundation

/// Near misses: a box of a class (the getter hands out the object; no setter runs), a whole
/// overwrite, and a change made on the one queue every change runs on.
final class Tree {
    private let root = Atomic<Node>(value: Node())
    private let size = Atomic<Int>(value: 0)
    private let queue = DispatchQueue(label: "tree")

    func rename(_ n: String) {
        root.value.name = n
        size.value = 0
        queue.sync { size.value += 1 }
    }
}
