import Foundation

// A class whose state lives on its serial queue, and a presenter that reaches it directly,
// through an optional stored reference and through a parameter.
final class Timeline {
    private let queue = DispatchQueue(label: "timeline")
    var entries: [Int] = []
    private var pending: [Int] = []

    func append(_ n: Int) {
        queue.async {
            self.entries.append(n)
            self.pending.append(n)
        }
    }

    func count(_ done: @escaping (Int) -> Void) {
        queue.async { done(self.entries.count) }
    }

    func edit(_ body: @escaping () -> Void) {
        queue.async(execute: body)
    }
}

final class Presenter {
    var timeline: Timeline?
    let fetcher = Fetcher()

    func refresh() {
        fetcher.fetch {
            let n = self.timeline?.entries.count ?? 0 // expect: inconsistent_locking
            print(n)
        }
    }

    func show(_ line: Timeline) {
        print(line.entries) // expect: inconsistent_locking
    }

    // Quiet: the closure is handed to the timeline itself, which may run it on its queue.
    func tidy(_ line: Timeline) {
        line.edit { line.entries.removeAll() }
    }

    // Quiet: asks through the timeline's own method.
    func total() {
        timeline?.count { print($0) }
    }
}

final class Fetcher {
    func fetch(_ done: @escaping () -> Void) { DispatchQueue.global().async(execute: done) }
}
