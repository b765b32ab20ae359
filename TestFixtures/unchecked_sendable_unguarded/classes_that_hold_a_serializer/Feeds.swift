import Foundation

/// Holds an actor of its own, yet writes its var outside it: told what it holds, not that it has none.
public final class Feed: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private actor Turnstile {
        private var busy = false
        func enter() -> Bool { defer { busy = true }; return !busy }
    }
    private let turnstile = Turnstile()
    private var cursor = 0

    public func advance() async {
        _ = await turnstile.enter()
        cursor += 1
    }
}

/// A public var nothing in the run writes after init: it could be a `let`.
public final class Channel: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private let usher = Usher()
    public var reader: Reader

    public init(reader: Reader) { self.reader = reader }
    public func next() async -> Int { await usher.admit { 1 } }
}

/// Holds a lock it never takes around its state.
final class Tally: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private let guardLock = NSLock()
    private var seen = 0
    func note() { seen += 1 }
    func flush(to out: Sink) { guardLock.withLock { out.take() } }
}

/// Near miss: holds an actor, and its only var is set in init alone.
final class Snapshot: @unchecked Sendable {
    private let usher = Usher()
    private var stamp: Int
    init(stamp: Int) { self.stamp = stamp }
    func current() -> Int { stamp }
}

/// Near miss: its state is all constants.
final class Frozen: @unchecked Sendable {
    private let usher = Usher()
    let value: Int
    init(value: Int) { self.value = value }
}
