import Foundation

// The same binding on an instance's projected task-local, with the closure as a labelled
// argument inside the parentheses.
final class Context {
    @TaskLocal static var depth = 0
}

final class Planner {
    private let lock = NSLock()
    private var notes: [String] = []
    private var steps: [String] = []

    func note(_ s: String) { lock.withLock { notes.append(s) } }
    func allNotes() -> [String] { lock.withLock { notes } }

    func plan() async {
        await Context.$depth.withValue(1, operation: {
            steps.append("first")
        })
    }

    func count() -> Int { steps.count }
    func first() -> String? { steps.first }
    func clear() { steps.removeAll() }
}
