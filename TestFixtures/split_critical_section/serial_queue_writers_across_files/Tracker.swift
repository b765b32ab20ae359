import Foundation

/// Shape 3: the steps run on the queue, but the box is reachable from other files, and one of
/// them writes it off the queue: still split.
final class Tracker {
    var spans = Box([String: Int]())
    private let queue = DispatchQueue(label: "tracker")

    func end(_ id: String) {
        queue.async {
            let count = self.spans.withLock { $0[id] ?? 0 }
            if count > 0 {
                self.spans.withLock { $0[id] = nil } // expect: split_critical_section
            }
        }
    }
}

/// The same steps where only this file reaches the box and every use of it runs on the queue
/// (a helper run from asyncAfter).
final class QuietTracker {
    private var spans = Box([String: Int]())
    private let queue = DispatchQueue(label: "quiet.tracker")

    func start(_ id: String) {
        queue.asyncAfter(deadline: .now() + 0.1) { self.record(id) }
    }

    private func record(_ id: String) {
        spans.withLock { $0[id] = 1 }
    }

    func end(_ id: String) {
        queue.async {
            let count = self.spans.withLock { $0[id] ?? 0 }
            if count > 0 {
                self.spans.withLock { $0[id] = nil }
            }
        }
    }
}

/// One use of the private box runs off the queue: still split.
final class LeakyTracker {
    private var spans = Box([String: Int]())
    private let queue = DispatchQueue(label: "leaky.tracker")

    func clearAll() { spans.withLock { $0.removeAll() } }

    func end(_ id: String) {
        queue.async {
            let count = self.spans.withLock { $0[id] ?? 0 }
            if count > 0 {
                self.spans.withLock { $0[id] = nil } // expect: split_critical_section
            }
        }
    }
}
