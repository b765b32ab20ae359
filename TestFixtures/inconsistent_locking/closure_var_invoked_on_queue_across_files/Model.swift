import Foundation

/// The class calls `onChange` only in a block on `queue`, where every write of `rows` runs: a
/// closure another type stores there runs on `queue`.
final class RowModel {
    private let queue = DispatchQueue(label: "rows")
    var rows: [String] = []
    var onChange: (() -> Void)?

    func reload(_ fresh: [String]) {
        queue.async {
            self.rows = fresh
            self.onChange?()
        }
    }
}

/// The class calls `handler` through a helper that only blocks of its serial operation queue call.
final class ScoreBoard {
    private let updates: OperationQueue = {
        let q = OperationQueue()
        q.maxConcurrentOperationCount = 1
        return q
    }()
    var scores: [Int] = []
    var handler: (Int) -> Void = { _ in }

    func record(_ n: Int) {
        updates.addOperation {
            self.scores.append(n)
            self.announce(n)
        }
    }

    private func announce(_ n: Int) {
        handler(n)
    }
}

/// The class calls `onChange` on `queue`, and also where its caller runs (`poke()`): a closure
/// stored there runs off the queue too.
final class LeakyModel {
    private let queue = DispatchQueue(label: "leaky")
    var rows: [String] = []
    var onChange: (() -> Void)?

    func reload(_ fresh: [String]) {
        queue.async {
            self.rows = fresh
            self.onChange?()
        }
    }

    func poke() {
        onChange?()
    }
}
