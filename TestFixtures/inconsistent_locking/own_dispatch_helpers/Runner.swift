import Foundation

// Another spelling: the helper's parameter is named like its label (`execute: execute`), and
// the closure is handed with that label.
final class Runner {
    private let lane = DispatchQueue(label: "runner")
    private var runs = 0

    private func run(execute: @escaping () -> Void) {
        lane.async(execute: execute)
    }

    func tick() {
        run(execute: { self.runs += 1 })
    }

    func clear() {
        run { self.runs = 0 }
    }

    func peek() -> Int {
        runs // expect: inconsistent_locking
    }
}
