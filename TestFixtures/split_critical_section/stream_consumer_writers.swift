import Foundation

// State that only the body of one `for await` loop changes, the loop started once for the
// instance (in its initializer): the loop takes one element at a time, so a read and a write
// split over two holds of the lock cannot lose an update. A loop a method starts (it can be
// started again, beside the first), a second consumer, or a writer outside the loop still
// splits them.

struct Guarded<Value> {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    mutating func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

/// Shape 1: a counter behind a getter and a setter that each lock, bumped and reset by private
/// helpers of the one consumer loop, started in a task of the initializer.
final class BatchCounter {
    private var box = Guarded(0)
    private var pending: Int {
        get { box.withLock { $0 } }
        set { box.withLock { $0 = newValue } }
    }

    init(events: AsyncStream<Int>) {
        Task { [weak self] in
            for await event in events {
                if event < 0 { self?.flushed() } else { self?.count(event) }
            }
        }
    }

    private func count(_ event: Int) {
        pending += 1
    }

    private func flushed() { pending = 0 }

    var size: Int { pending }
}

/// Shape 2: a check and an act under the lock twice, straight in the loop's body; a
/// `for try await` loop in a detached task.
final class Deduper {
    private var seen = Guarded(Set<String>())

    init(keys: AsyncThrowingStream<String, Error>) {
        Task.detached {
            for try await key in keys {
                let known = self.seen.withLock { $0.contains(key) }
                if !known {
                    self.seen.withLock { $0.insert(key) }
                }
            }
        }
    }
}

/// Shape 3: the loop runs in the initializer's own body, through a helper in an extension.
final class Tally {
    private var box = Guarded([String: Int]())
    private var totals: [String: Int] {
        get { box.withLock { $0 } }
        set { box.withLock { $0 = newValue } }
    }

    init(words: AsyncStream<String>) async {
        for await word in words {
            record(word)
        }
    }
}

extension Tally {
    private func record(_ word: String) {
        totals[word, default: 0] += 1
    }
}

// Near-misses that still fire.

/// The loop is started by a method, which can run twice: two consumers at once.
final class Meter {
    private var box = Guarded(0)
    private var hits: Int {
        get { box.withLock { $0 } }
        set { box.withLock { $0 = newValue } }
    }

    func start(_ events: AsyncStream<Int>) {
        Task {
            for await _ in events { self.hit() }
        }
    }

    private func hit() {
        hits += 1 // expect: split_critical_section
    }
}

/// Two loops, each its own consumer, bump the same count.
final class Merger {
    private var box = Guarded(0)
    private var total: Int {
        get { box.withLock { $0 } }
        set { box.withLock { $0 = newValue } }
    }

    init(a: AsyncStream<Int>, b: AsyncStream<Int>) {
        Task { for await x in a { self.mergeIn(x) } }
        Task { for await x in b { self.mergeIn(x) } }
    }

    private func mergeIn(_ x: Int) {
        total += x // expect: split_critical_section
    }
}

/// One consumer per stream, started in a loop of the initializer.
final class Fanout {
    private var box = Guarded(0)
    private var total: Int {
        get { box.withLock { $0 } }
        set { box.withLock { $0 = newValue } }
    }

    init(streams: [AsyncStream<Int>]) {
        for stream in streams {
            Task {
                for await x in stream { self.fanIn(x) }
            }
        }
    }

    private func fanIn(_ x: Int) {
        total += x // expect: split_critical_section
    }
}

/// The loop is the only consumer, but a method the caller runs resets the count too.
final class Window {
    private var box = Guarded(0)
    private var count: Int {
        get { box.withLock { $0 } }
        set { box.withLock { $0 = newValue } }
    }

    init(events: AsyncStream<Int>) {
        Task { for await _ in events { self.tick() } }
    }

    private func tick() {
        count += 1 // expect: split_critical_section
    }

    func reset() { count = 0 }
}
