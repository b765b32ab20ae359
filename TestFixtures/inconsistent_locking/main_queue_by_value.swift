import Foundation

// A stored queue whose value is the main queue is the main thread, as if the code wrote
// `DispatchQueue.main.async { }`: hopping to it is how UI code gets back to the main thread, not
// a queue the class owns to guard its state. Quiet, like the written-out form.
final class ChunkFetcher {
    let deliveryQueue = DispatchQueue.main
    var parts: [Data] = []

    func didReceive(_ part: Data) {
        deliveryQueue.async {
            self.parts.append(part)
        }
    }

    func didFinish() {
        deliveryQueue.async {
            self.parts.removeAll()
        }
    }

    func abandon() {
        parts.removeAll()
    }
}

// The same, with the type written and the value given in init.
final class BadgeUpdater {
    private let uiQueue: DispatchQueue
    private var shown = 0

    init() {
        uiQueue = .main
    }

    func bump() {
        uiQueue.async { self.shown += 1 }
    }

    func reset() {
        uiQueue.async { self.shown = 0 }
    }

    var current: Int { shown }
}

// Near miss: a queue of the class's own, with a label, is a guard the class owns; the access
// outside it is reported.
final class ChunkCollector {
    let workQueue = DispatchQueue(label: "chunks")
    var parts: [Data] = []

    func didReceive(_ part: Data) {
        workQueue.async {
            self.parts.append(part)
        }
    }

    func didFinish() {
        workQueue.async {
            self.parts.removeAll()
        }
    }

    func abandon() {
        parts.removeAll() // expect: inconsistent_locking
    }
}
