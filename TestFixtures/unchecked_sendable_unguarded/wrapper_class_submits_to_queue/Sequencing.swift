import Foundation

/// A class of the run that submits its closure to a serial queue it makes.
final class Sequencer: @unchecked Sendable {
    private let steps = DispatchQueue(label: "sequencer.steps")

    func enqueue(_ work: @escaping () -> Void) {
        steps.async { work() }
    }
}

/// Not a guard: the queue it submits to is concurrent.
final class Fanout: @unchecked Sendable {
    private let pool = DispatchQueue(label: "fanout.pool", attributes: .concurrent)

    func spread(_ work: @escaping () -> Void) {
        pool.async(execute: work)
    }
}

/// Not a guard: it keeps the closure to run later, on no queue of its own.
final class Postponer: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [() -> Void] = []

    func later(_ work: @escaping () -> Void) {
        lock.withLock { waiting.append(work) }
    }

    func drain() {
        let all = lock.withLock { () -> [() -> Void] in
            defer { waiting = [] }
            return waiting
        }
        all.forEach { $0() }
    }
}

/// Near miss: all of its state is touched in the sequencer's blocks.
final class Scoreboard: @unchecked Sendable {
    private let sequencer = Sequencer()
    private var scores: [String: Int] = [:]

    func bump(_ who: String) {
        sequencer.enqueue { self.scores[who, default: 0] += 1 }
    }

    func read(_ who: String, reply: @escaping (Int) -> Void) {
        sequencer.enqueue { reply(self.scores[who] ?? 0) }
    }
}

/// One read leaves the sequencer's blocks.
final class Roster: @unchecked Sendable {
    private let sequencer = Sequencer()
    private var names: [String] = []

    func join(_ name: String) {
        sequencer.enqueue { self.names.append(name) }
    }

    var count: Int { names.count } // expect: unchecked_sendable_unguarded
}

/// Its wrapper runs blocks on a concurrent queue: nothing guards its state.
final class Histogram: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private let fanout = Fanout()
    private var bins: [Int] = []

    func add(_ value: Int) {
        fanout.spread { self.bins.append(value) }
    }
}

/// Its wrapper keeps the closure for later: nothing guards its state.
final class Mailbox: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private let postponer = Postponer()
    private var unread = 0

    func deliver() {
        postponer.later { self.unread += 1 }
    }
}
