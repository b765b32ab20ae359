import Foundation

final class Refresher: @unchecked Sendable {
    private let lock = NSLock()
    private var cache: [String] = []

    func refresh() async {
        lock.lock()
        let fresh = await fetch() // expect: await_in_lock
        cache = fresh
        lock.unlock()
        await notify()
    }

    func deferred() async throws {
        lock.lock(); defer { lock.unlock() }
        if cache.isEmpty {
            for await item in stream() { // expect: await_in_lock
                cache.append(item)
            }
        } else {
            do {
                try await save() // the same held region: a note of the finding above
            } catch {
                print(error)
            }
        }
    }

    func multiLine() async {
        lock.lock()
        let value =
            try? await // expect: await_in_lock
                fetch()
        lock.unlock()
        _ = value
    }

    func unlockedFirst() async {
        lock.lock()
        cache.removeAll()
        lock.unlock()
        await notify()
    }

    func objc() async {
        objc_sync_enter(self)
        await notify() // expect: await_in_lock
        objc_sync_exit(self)
        await notify()
    }

    func fetch() async -> [String] { [] }
    func notify() async {}
    func save() async throws {}
    func stream() -> AsyncStream<String> { AsyncStream { $0.finish() } }
}

func cLocks() async {
    var mutex = pthread_mutex_t()
    pthread_mutex_lock(&mutex)
    await Task.yield() // expect: await_in_lock
    pthread_mutex_unlock(&mutex)
    await Task.yield()

    var unfair = os_unfair_lock()
    os_unfair_lock_lock(&unfair)
    await Task.yield() // expect: await_in_lock
    os_unfair_lock_unlock(&unfair)
}

func noRelease(lock: NSLock) async {
    lock.lock()
    await Task.yield() // expect: await_in_lock
}

/// The lock is released inside the continuation's closure, which runs before the task
/// suspends: the await does not hold it.
final class Storage: @unchecked Sendable {
    private let lock = NSLock()
    private var waiters: [CheckedContinuation<Int, Never>] = []

    func next() async -> Int {
        self.lock.lock()
        if waiters.isEmpty {
            return await withCheckedContinuation { continuation in
                waiters.append(continuation)
                self.lock.unlock()
            }
        }
        self.lock.unlock()
        return 0
    }

    func cancellable() async throws -> Int {
        try await withTaskCancellationHandler {
            lock.lock()
            return try await withUnsafeThrowingContinuation { continuation in
                lock.unlock()
                continuation.resume(returning: 1)
            }
        } onCancel: {
            lock.withLock { waiters.removeAll() }
        }
    }

    func stillHeld() async {
        lock.lock()
        Task { lock.unlock() }
        await Task.yield() // expect: await_in_lock
    }
}
