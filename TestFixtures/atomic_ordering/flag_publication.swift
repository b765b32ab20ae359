import Atomics
import Foundation

/// The writer fills `result`, then raises `done` with .relaxed: a reader that sees `done` may read
/// the old `result`.
final class Download: @unchecked Sendable {
    private var result: Data?
    private var bytes = 0
    private let done = ManagedAtomic<Bool>(false)

    func finish(with data: Data) {
        result = data
        self.bytes += data.count
        done.store(true, ordering: .relaxed) // expect: atomic_ordering
    }

    func poll() -> Data? {
        if done.load(ordering: .relaxed) {
            return result
        }
        return nil
    }
}

/// The same through `guard`, with the state in a nested type and an extension.
enum Pipeline {
    final class Stage {
        var buffer: [Int] = []
        let ready = ManagedAtomic(false)
    }
}

extension Pipeline.Stage {
    func fill(_ values: [Int]) {
        buffer.append(contentsOf: values)
        ready.store(true, ordering: .relaxed) // expect: atomic_ordering
    }

    func drain() -> [Int] {
        guard ready.load(ordering: .acquiring) else { return [] }
        let out = buffer
        return out
    }
}

// MARK: Quiet

/// A flag that only stops a loop publishes nothing.
final class Worker {
    private var processed = 0
    private let stopRequested = ManagedAtomic(false)

    func stop() {
        processed = 0
        stopRequested.store(true, ordering: .relaxed)
    }

    func loop() {
        while !stopRequested.load(ordering: .relaxed) {
            processed += 1
        }
    }

    func loopWithBreak() {
        while true {
            if stopRequested.load(ordering: .relaxed) { break }
            processed += 1
        }
    }
}

/// A cancellation flag whose readers read nothing the writer wrote.
final class Operation {
    private var log: [String] = []
    private let cancelled = ManagedAtomic(false)

    func cancel() {
        log.append("cancelled")
        cancelled.store(true, ordering: .relaxed)
    }

    func step() throws {
        if cancelled.load(ordering: .relaxed) { throw CancellationError() }
    }
}

/// A flag that is only returned: whoever decides on it is not in this file.
final class Status {
    private var detail = ""
    private let active = ManagedAtomic(false)

    var isActive: Bool { active.load(ordering: .relaxed) }

    func activate() {
        detail = "active"
        active.store(true, ordering: .relaxed)
    }
}

/// Published correctly: a releasing store and an acquiring load.
final class Publisher {
    private var payload: [String] = []
    private let ready = ManagedAtomic(false)

    func publish(_ p: [String]) {
        payload = p
        ready.store(true, ordering: .releasing)
    }

    func read() -> [String]? {
        if ready.load(ordering: .acquiring) { return payload }
        return nil
    }
}

/// The flag is raised before the data is written: there is nothing written before it to publish.
final class Early {
    private var items: [Int] = []
    private let started = ManagedAtomic(false)

    func begin() {
        started.store(true, ordering: .relaxed)
        items = [1, 2, 3]
    }

    func peek() -> Int {
        if started.load(ordering: .relaxed) { return items.count }
        return 0
    }
}
