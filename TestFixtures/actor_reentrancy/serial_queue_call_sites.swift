import Foundation

/// A serial queue of the project's own: it owns a serial DispatchQueue and runs one operation at
/// a time.
final class SerialTaskQueue: @unchecked Sendable {
    private let queue = DispatchQueue(label: "serial")
    func enqueue(_ operation: @escaping @Sendable () async -> Void) {
        queue.async { Task { await operation() } }
    }
}

/// A queue of the project's own that runs its operations concurrently (no serial executor).
final class ParallelRunner: @unchecked Sendable {
    func enqueue(_ operation: @escaping @Sendable () async -> Void) {
        Task { await operation() }
    }
}

actor Uploader {
    private let uploads = SerialTaskQueue()
    private let runner = ParallelRunner()
    private var sent: Set<Int> = []
    private var lastSent = 0
    private var pending = 0

    func schedule(_ id: Int) {
        uploads.enqueue { await self.sendAssumingOnQueue(id) }
    }

    func scheduleAgain(_ id: Int) {
        uploads.enqueue {
            await self.sendAssumingOnQueue(id)
        }
    }

    // Every call runs on the one serial queue: calls cannot overlap (quiet).
    private func sendAssumingOnQueue(_ id: Int) async {
        guard !sent.contains(id) else { return }
        await transmit(id)
        sent.insert(id)
    }

    func scheduleParallel(_ id: Int) {
        runner.enqueue { await self.recordLast(id) }
    }

    // The runner is declared in the run and is no serial executor: calls can overlap.
    private func recordLast(_ id: Int) async {
        guard lastSent < id else { return }
        await transmit(id)
        lastSent = id // expect: actor_reentrancy
    }

    func flushFromQueue() {
        uploads.enqueue { await self.flush() }
    }

    func flushNow() async {
        await flush()
    }

    // Also called outside the queue: calls can overlap.
    func flush() async {
        guard pending > 0 else { return }
        await transmit(pending)
        pending = 0 // expect: actor_reentrancy
    }

    private func transmit(_ id: Int) async { await Task.yield() }
}
