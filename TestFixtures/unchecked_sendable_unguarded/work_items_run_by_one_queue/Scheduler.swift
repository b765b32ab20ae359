import Foundation

// Handed through a method or a protocol before it reaches a queue: the tool does not follow the
// item into them, so it keeps saying what it sees (the block is written outside the queue).
protocol Scheduling {
    func submit(_ item: DispatchWorkItem)
}

final class Ticker: @unchecked Sendable, Scheduling {
    private let queue = DispatchQueue(label: "ticker")
    private var beats = 0
    private var skips = 0
    private var waits = 0

    func submit(_ item: DispatchWorkItem) { queue.async(execute: item) }

    private func enqueue(_ item: DispatchWorkItem) { queue.async(execute: item) }

    func beat(on scheduler: Scheduling) {
        let item = DispatchWorkItem { self.beats += 1 } // expect: unchecked_sendable_unguarded
        scheduler.submit(item)
    }

    func skip() {
        let item = DispatchWorkItem { self.skips += 1 } // expect: unchecked_sendable_unguarded
        enqueue(item)
    }

    // Directly on the queue, and only waited on and cancelled besides: quiet.
    func pause() {
        let item = DispatchWorkItem { self.waits += 1 }
        queue.async(execute: item)
        _ = item.wait(timeout: .now() + 1)
        item.cancel()
    }

    var totals: (Int, Int, Int) { queue.sync { (beats, skips, waits) } }
}
