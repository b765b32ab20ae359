import Foundation

// Code in a closure handed to another object's method inside a block on the queue runs wherever
// that method calls it: the tool cannot tell that it runs on the queue, with or without a capture
// list. Only the block's own code, and closures it runs on the spot (forEach, map, withLock),
// run there.

/// Quiet: the only write that looks "on the queue" is in the importer's completion handlers
/// (one with a capture list, one without), which run where the importer calls them; nothing
/// shows `phase` is meant to live on `queue`.
final class BookImporter {
    private let queue = DispatchQueue(label: "books")
    private let source = BookSource()
    private var phase = 0

    func importAll(_ done: @escaping (Bool) -> Void) {
        precondition(phase == 0)
        phase = 1
        queue.async {
            self.source.load { status in
                guard status != 2 else { return }
                self.phase = 0
            }
        }
    }

    func importOne(_ done: @escaping (Bool) -> Void) {
        precondition(phase == 0)
        phase = 1
        queue.async {
            self.source.load { [weak self] status in
                guard let self else { return }
                self.phase = 0
            }
        }
    }
}

/// Fires: the block's own code and its `forEach` body run on `queue`; `reset()` writes
/// `titles` outside it.
final class TitleIndex {
    private let queue = DispatchQueue(label: "titles")
    private let source = BookSource()
    private var titles: [String] = []

    func add(_ more: [String]) {
        queue.async {
            more.forEach { self.titles.append($0) }
            self.source.load { _ in
                self.titles.removeAll()
            }
        }
    }

    func rebuild() {
        queue.async {
            self.titles = self.titles.sorted()
        }
    }

    func reset() {
        titles = [] // expect: inconsistent_locking
    }
}

