import Foundation

// A synchronous function (a command-line command, a test runner) that waits, with a timeout,
// for one callback or one child process: the wait ends on its own, and no async code or main
// thread is shown on its path. Not reported. The same wait in async code or on the main
// thread is, and so is a wait with no timeout.

protocol Command {
    func run() throws
}

// Shape 1: a local, a one-shot callback, a bounded wait in a synchronous `run()`.
struct SuggestCommand: Command {
    func run() throws {
        let answered = DispatchSemaphore(value: 0)
        var plan: String?
        fetchPlan { result in
            plan = result
            answered.signal()
        }
        _ = answered.wait(timeout: .now() + 1)
        print(plan ?? "none")
    }

    func fetchPlan(_ done: @escaping (String?) -> Void) {}
}

// The same wait in an async `run()`: it blocks a cooperative thread.
struct SuggestCommandAsync {
    func run() async throws {
        let answered = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
        fetchPlan { _ in answered.signal() }
        _ = answered.wait(timeout: .now() + 1)
    }

    func fetchPlan(_ done: @escaping (String?) -> Void) {}
}

// With no timeout, a lost callback hangs the command: reported.
struct SuggestCommandForever: Command {
    func run() throws {
        let answered = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
        fetchPlan { _ in answered.signal() }
        answered.wait()
    }

    func fetchPlan(_ done: @escaping (String?) -> Void) {}
}

// Shape 2: a stored semaphore created in the initializer, signalled by a completion handler,
// waited on for a bounded time by a method.
final class VersionCheck {
    private let finished: DispatchSemaphore
    private var latest: String?

    init() {
        finished = DispatchSemaphore(value: 0)
    }

    func start(session: URLSession, url: URL) {
        session.dataTask(with: url) { [weak self] data, _, _ in
            self?.latest = data.map { String(decoding: $0, as: UTF8.self) }
            self?.finished.signal()
        }.resume()
    }

    func result() -> String? {
        guard finished.wait(timeout: .now() + 60) == .success else { return nil }
        return latest
    }
}

// The same check made by main-actor code: it blocks the main thread for up to a minute.
@MainActor
final class VersionCheckOnMain {
    private let finished: DispatchSemaphore // expect: dispatch_semaphore

    init() {
        finished = DispatchSemaphore(value: 0)
    }

    func start(session: URLSession, url: URL) {
        session.dataTask(with: url) { [finished] _, _, _ in finished.signal() }.resume()
    }

    func result() -> Bool {
        finished.wait(timeout: .now() + 60) == .success
    }
}

// Shape 3: a child process, waited on through a private helper that takes the semaphore and
// an optional timeout (no timeout: the caller asked to wait for the exit). The helper's name is
// also the semaphore's method: `semaphore.wait()` is no call of it.
final class ToolRunner {
    func launch(_ process: Process, timeout: TimeInterval?) throws -> Bool {
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        return wait(for: process, semaphore: exited, timeout: timeout)
    }

    private func wait(for process: Process, semaphore: DispatchSemaphore, timeout: TimeInterval?) -> Bool {
        guard let timeout else {
            semaphore.wait()
            return false
        }
        guard semaphore.wait(timeout: .now() + timeout) == .timedOut else { return false }
        process.terminate()
        return true
    }
}

// The same helper called from an async function: reported, once, where the semaphore is created.
final class ToolRunnerAsync {
    func launch(_ process: Process, timeout: TimeInterval?) async throws -> Bool {
        let exited = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        return wait(for: process, semaphore: exited, timeout: timeout)
    }

    private func wait(for process: Process, semaphore: DispatchSemaphore, timeout: TimeInterval?) -> Bool {
        guard let timeout else {
            semaphore.wait()
            return false
        }
        return semaphore.wait(timeout: .now() + timeout) == .timedOut
    }
}
