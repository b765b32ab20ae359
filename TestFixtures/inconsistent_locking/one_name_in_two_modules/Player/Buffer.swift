import Foundation

// Module `Player` declares its own `Buffer`, which takes its lock for the write only.
final class Buffer {
    private let lock = NSLock()
    private var items: [Int] = []

    func push(_ v: Int) {
        lock.lock()
        items.append(v)
        lock.unlock()
    }

    func drain() {
        items.removeAll() // expect: inconsistent_locking
    }
}

// Calls through a reference typed `Buffer` here are not calls of `Feed`'s namesake: its
// `drain()` is not entered without its lock by them.
final class Deck {
    let buffer: Buffer

    init(buffer: Buffer) { self.buffer = buffer }

    func skip() {
        buffer.drain()
    }
}
