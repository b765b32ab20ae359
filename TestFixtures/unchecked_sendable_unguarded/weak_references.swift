import Foundation

protocol StreamListener: AnyObject {
    func received(_ chunk: Int)
}

/// A weak reference is loaded and stored atomically by the runtime: set by its owner with no
/// guard and read under the lock (or outside it), it races with nothing it could tear.
final class Stream: @unchecked Sendable {
    weak var listener: StreamListener?
    private let lock = NSLock()
    private var buffered: [Int] = []

    func attach(_ l: StreamListener) { listener = l }

    func push(_ c: Int) {
        lock.lock()
        buffered.append(c)
        lock.unlock()
        listener?.received(c)
    }

    func replay() {
        lock.withLock { for c in buffered { listener?.received(c) } }
    }
}

/// Fires: the same with a strong reference: the write races with the reads.
final class Pump: @unchecked Sendable {
    var listener: StreamListener?
    private let lock = NSLock()
    private var pumped = 0

    func attach(_ l: StreamListener) { listener = l } // expect: unchecked_sendable_unguarded

    func pump() {
        lock.withLock {
            pumped += 1
            listener?.received(pumped)
        }
    }
}

/// Fires: a weak reference the class writes under its lock: the lock is its guard, and a
/// write outside it is the odd one.
final class Relay: @unchecked Sendable {
    weak var target: StreamListener?
    private let lock = NSLock()

    func connect(_ t: StreamListener) { lock.withLock { target = t } }
    func disconnect() { lock.withLock { target = nil } }
    func forceDisconnect() { target = nil } // expect: unchecked_sendable_unguarded
    func send(_ c: Int) { lock.withLock { target?.received(c) } }
}

/// Quiet: a class with no guard at all whose only mutable state is a weak back-reference, set
/// after construction from any thread: loads and stores of it are atomic.
final class ChannelRef: @unchecked Sendable {
    weak var channel: StreamListener?

    func bind(_ c: StreamListener) { channel = c }
    func forward(_ n: Int) { channel?.received(n) }
}

/// Fires: the same with a strong var beside the weak one: only the strong one is listed.
final class Mirror: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    weak var source: StreamListener?
    var copies = 0

    func bind(_ s: StreamListener) { source = s }
    func copy() { copies += 1 }
}
