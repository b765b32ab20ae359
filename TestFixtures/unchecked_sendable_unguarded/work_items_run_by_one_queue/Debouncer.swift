import Foundation

// A work item built in init and run only by the class's serial queue (after a delay): its
// block runs on that queue, like the queue's other blocks.
final class Debouncer: @unchecked Sendable {
    private let queue = DispatchQueue(label: "debouncer")
    private var action: (() -> Void)?
    private var fired = 0
    private var pending: DispatchWorkItem!

    init() {
        self.pending = DispatchWorkItem { [weak self] in
            self?.fired += 1
            self?.action?()
        }
    }

    func schedule(_ action: @escaping () -> Void) {
        queue.sync { self.action = action }
        queue.asyncAfter(deadline: .now() + 0.3, execute: pending)
    }

    func cancel() { pending.cancel() }

    var count: Int { queue.sync { fired } }
}

// Another spelling: a local item with a typed binding and arguments, submitted once with
// async(execute:) to the queue of `self`, and one for the main queue.
final class Uploader: @unchecked Sendable {
    private let queue = DispatchQueue(label: "uploader")
    private var sent: [Int] = []
    private var shown = 0

    func send(_ n: Int) {
        let item: DispatchWorkItem = DispatchWorkItem(qos: .utility, flags: []) {
            self.sent.append(n)
        }
        self.queue.async(execute: item)
        if item.isCancelled == false { item.wait() }
    }

    func show() {
        let item = DispatchWorkItem { self.shown += 1 }
        DispatchQueue.main.async(execute: item)
    }

    var all: [Int] { queue.sync { sent } }
    @MainActor var shownCount: Int { shown }
}

// The item is also performed on the caller's thread, or handed to a global queue, or to two
// different queues: its block does not run only on the class's queue.
final class Poller: @unchecked Sendable {
    private let queue = DispatchQueue(label: "poller")
    private let other = DispatchQueue(label: "other")
    private var ticks = 0
    private var misses = 0
    private var polls = 0
    private var poll: DispatchWorkItem?

    func arm() {
        poll = DispatchWorkItem { self.polls += 1 } // expect: unchecked_sendable_unguarded, unchecked_sendable_unguarded
    }

    func tick() {
        let item = DispatchWorkItem { self.ticks += 1 } // expect: unchecked_sendable_unguarded
        queue.async(execute: item)
        item.perform()
    }


    func miss() {
        let item = DispatchWorkItem { self.misses += 1 } // expect: unchecked_sendable_unguarded
        DispatchQueue.global().async(execute: item)
    }

    func start() {
        queue.async(execute: poll!)
        other.async(execute: poll!)
    }

    var snapshot: (Int, Int, Int) { queue.sync { (ticks, misses, polls) } }
}
