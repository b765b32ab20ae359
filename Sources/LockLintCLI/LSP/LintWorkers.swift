import Foundation
import LockLintCore

/// The language server's lint workers: child processes (`swift-lock-lint --lsp-worker`) that
/// each lint one document at a time, so that a trap or an endless loop in the analysis costs one
/// lint, never the server (a Swift trap cannot be caught in-process).
///
/// Workers are started on demand, up to `capacity` at once (a job waits in line for one), and
/// kept for the next job. A worker that dies while it lints (a signal, an exit, a malformed
/// answer) fails that job and is replaced on the next one; a lint that runs past its time limit
/// has its worker killed. The job's caller decides what to do about a failed job; this pool
/// never tries it again. Each worker's output is read by a thread of its own, which reports the
/// worker's end; the pool then reaps it. `close` kills the workers and returns once every one has
/// been reaped. A worker whose standard input closes (this process ended, however it ended)
/// exits by itself.
actor LintWorkers {
    /// How to start a worker.
    struct Launch: Sendable {
        var executable: String
        /// Variables set in the worker's environment, on top of this process's.
        var environment: [String: String] = [:]

        /// This very executable: the worker is then the same version as the server, even if
        /// the file has been replaced since the server started.
        static var thisExecutable: Launch {
            #if os(Linux)
            Launch(executable: "/proc/self/exe")
            #else
            Launch(executable: Bundle.main.executablePath ?? CommandLine.arguments[0])
            #endif
        }
    }

    /// What became of a job.
    enum Outcome: Sendable, Equatable {
        case diagnostics([Diagnostic])
        case cancelled
        /// The worker crashed, hung or could not be started: why, in words.
        case failed(String)
    }

    private enum Event: Sendable {
        case reply(worker: Int, WorkerReply)
        /// The worker has ended (not reaped yet), and what was wrong with its output if anything.
        case ended(worker: Int, problem: String?)
    }

    /// A running job: its id, its time limit, and whether that limit stopped it.
    private struct Running {
        var job: Int
        var timer: Task<Void, Never>
        var timedOut = false
        var limit: Duration
    }

    private let launch: Launch
    private let capacity: Int
    private let fixedTimeLimit: Duration?
    private let events: AsyncStream<Event>.Continuation
    /// Live workers, by number.
    private var workers: [Int: WorkerProcess] = [:]
    private var idle: [Int] = []
    private var running: [Int: Running] = [:]
    /// Jobs waiting for a worker, oldest first.
    private var queue: [WorkerJob] = []
    /// Every job not answered yet, by id.
    private var answers: [Int: CheckedContinuation<Outcome, Never>] = [:]
    private var nextJob = 0
    private var nextWorker = 0
    private var closed = false
    private var whenAllReaped: [CheckedContinuation<Void, Never>] = []

    /// `timeLimit`: how long a lint may run before its worker is killed (default: generous,
    /// growing with the document's size).
    init(launch: Launch, capacity: Int = min(4, ProcessorCount.online), timeLimit: Duration? = nil) {
        // A worker that has died must not take this process with it when written to.
        signal(SIGPIPE, SIG_IGN)
        self.launch = launch
        self.capacity = max(1, capacity)
        self.fixedTimeLimit = timeLimit
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        events = continuation
        Task { [weak self] in
            for await event in stream {
                guard let self else { return }
                await self.handle(event)
            }
        }
    }

    deinit {
        // Dropped without `close` (tests): no worker outlives the pool, none is left unreaped.
        for worker in workers.values {
            worker.kill()
            _ = worker.reap()
        }
    }

    /// Lints a document in a worker. Cancelling the calling task cancels the lint.
    func lint(path: String, text: [UInt8], configurationPath: String?, configuration: [UInt8]) async -> Outcome {
        if closed || Task.isCancelled { return .cancelled }
        nextJob += 1
        let job = WorkerJob(id: nextJob, path: path, configurationPath: configurationPath, configuration: configuration, text: text)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { answer in
                answers[job.id] = answer
                queue.append(job)
                dispatch()
            }
        } onCancel: {
            Task { await self.cancel(job.id) }
        }
    }

    /// Starts a worker ahead of the first document (at `initialize`), so that the first lint
    /// does not wait for a process to start. A worker that cannot start is reported by that lint.
    func prestart() {
        guard !closed, workers.isEmpty, let number = try? start() else { return }
        idle.append(number)
    }

    /// Kills every worker, answers every job `cancelled`, and returns once all are reaped.
    func close() async {
        closed = true
        for job in queue { answer(job.id, .cancelled) }
        queue.removeAll()
        for worker in workers.values { worker.kill() }
        while !workers.isEmpty {
            await withCheckedContinuation { whenAllReaped.append($0) }
        }
    }

    /// The process ids of the live workers (tests).
    var processIDs: [pid_t] { workers.values.map(\.pid) }

    // MARK: The state machine

    private func dispatch() {
        var failedToStart: String? = nil
        while !closed, let job = queue.first {
            let number: Int
            if let free = idle.popLast() {
                number = free
            } else if workers.count < capacity, failedToStart == nil {
                do {
                    number = try start()
                } catch {
                    failedToStart = error.reason
                    continue
                }
            } else if workers.isEmpty, let why = failedToStart {
                // No worker can be started: the job fails (it is not tried again here).
                queue.removeFirst()
                answer(job.id, .failed("cannot start the lint worker \(launch.executable): \(why)"))
                continue
            } else {
                return
            }
            queue.removeFirst()
            guard let worker = workers[number], worker.send(WorkerRequest.lint(job).frame) else {
                // The worker died while idle (its end is reported and it is reaped as usual):
                // this job fails with it rather than start workers in a loop.
                workers[number]?.kill()
                answer(job.id, .failed("the lint worker ended before it was given the document"))
                continue
            }
            let limit = fixedTimeLimit ?? Self.timeLimit(bytes: job.text.count)
            let timer = Task { [weak self] in
                try? await Task.sleep(for: limit)
                if !Task.isCancelled { await self?.expire(worker: number, job: job.id) }
            }
            running[number] = Running(job: job.id, timer: timer, limit: limit)
        }
    }

    /// Starts a worker; its number.
    private func start() throws(WorkerProcess.SpawnError) -> Int {
        nextWorker += 1
        let number = nextWorker
        let events = events
        workers[number] = try WorkerProcess(launch, onReply: { events.yield(.reply(worker: number, $0)) },
                                            onEnd: { events.yield(.ended(worker: number, problem: $0)) })
        return number
    }

    private func handle(_ event: Event) {
        switch event {
        case .reply(let number, let reply):
            guard let run = running[number], run.job == reply.id else { return }  // an answer to a job no longer waited for
            run.timer.cancel()
            running[number] = nil
            idle.append(number)
            switch reply {
            case .result(_, let diagnostics): answer(reply.id, .diagnostics(diagnostics))
            case .cancelled: answer(reply.id, .cancelled)
            }
            dispatch()
        case .ended(let number, let problem):
            guard let worker = workers.removeValue(forKey: number) else { return }
            let ended = worker.reap()
            let why = problem ?? ended
            idle.removeAll { $0 == number }
            if let run = running.removeValue(forKey: number) {
                run.timer.cancel()
                let seconds = run.limit.components.seconds
                answer(run.job, .failed(run.timedOut ? "the lint did not finish within \(seconds) s and was stopped" : "the lint worker \(why)"))
            }
            if workers.isEmpty {
                for waiter in whenAllReaped { waiter.resume() }
                whenAllReaped.removeAll()
            }
            dispatch()
        }
    }

    private func cancel(_ job: Int) {
        if let k = queue.firstIndex(where: { $0.id == job }) {
            queue.remove(at: k)
            answer(job, .cancelled)
        } else if let (number, _) = running.first(where: { $0.value.job == job }) {
            // The worker stops between rules and answers `cancelled`.
            _ = workers[number]?.send(WorkerRequest.cancel(id: job).frame)
        }
    }

    private func expire(worker number: Int, job: Int) {
        guard running[number]?.job == job, let worker = workers[number] else { return }
        running[number]?.timedOut = true
        worker.kill()  // its reading thread reports the end, and `handle` reaps it
    }

    private func answer(_ job: Int, _ outcome: Outcome) {
        answers.removeValue(forKey: job)?.resume(returning: outcome)
    }

    /// Generous: half a minute, and a second more for every 100 KB of text.
    static func timeLimit(bytes: Int) -> Duration {
        .seconds(30 + bytes / 100_000)
    }
}

/// One worker process: its id and the pipe to its standard input. Its standard output is read
/// by a thread of its own, which hands each answer on and reports the end of the process; the
/// process is reaped by its owner (`reap`), never by that thread, so its id cannot be reused
/// while the owner may still signal it.
final class WorkerProcess: Sendable {
    let pid: pid_t
    private let input: Int32

    struct SpawnError: Error {
        var reason: String
    }

    /// Starts a worker. `onReply` gets each answer and `onEnd` is called once, when the process
    /// has ended (it is then a zombie until `reap`), with what went wrong in its output if anything.
    init(_ launch: LintWorkers.Launch, onReply: @escaping @Sendable (WorkerReply) -> Void,
         onEnd: @escaping @Sendable (String?) -> Void) throws(SpawnError) {
        var toWorker: [Int32] = [-1, -1]
        var fromWorker: [Int32] = [-1, -1]
        guard Self.makePipe(&toWorker) else { throw SpawnError(reason: Self.errnoText()) }
        guard Self.makePipe(&fromWorker) else {
            let why = Self.errnoText()
            close(toWorker[0]); close(toWorker[1])
            throw SpawnError(reason: why)
        }
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t? = nil
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The pipes are close-on-exec; their copies as standard input and output are not.
        posix_spawn_file_actions_adddup2(&actions, toWorker[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromWorker[1], 1)
        // The worker starts with no signal blocked (this thread may block some) and SIGPIPE at
        // its default (this process ignores it).
        #if canImport(Glibc)
        var attributes = posix_spawnattr_t()
        #else
        var attributes: posix_spawnattr_t? = nil
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &pipeSignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var environment = ProcessInfo.processInfo.environment
        for (name, value) in launch.environment { environment[name] = value }
        // argv[0] is the file's own path (not /proc/self/exe), for ps.
        let argv: [UnsafeMutablePointer<CChar>?] = [realpath(launch.executable, nil) ?? strdup(launch.executable), strdup("--lsp-worker"), nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in argv + envp { free(p) } }
        var spawned: pid_t = 0
        let rc = posix_spawn(&spawned, launch.executable, &actions, &attributes, argv, envp)
        close(toWorker[0])
        close(fromWorker[1])
        guard rc == 0 else {
            close(toWorker[1])
            close(fromWorker[0])
            throw SpawnError(reason: String(cString: strerror(rc)))
        }
        let pid = spawned
        self.pid = pid
        self.input = toWorker[1]
        let output = fromWorker[0]
        let reader = Thread {
            var problem: String? = nil
            let stopped = WireFrameReader.readFrames(output) { payload in
                do throws(WireError) {
                    onReply(try WorkerReply(decoding: payload))
                    return true
                } catch {
                    problem = "sent a malformed answer (\(error.what))"
                    return false
                }
            }
            if let stopped, problem == nil { problem = "sent a malformed answer (\(stopped))" }
            if problem != nil { Self.kill(pid) }  // not reaped yet: the id is still this worker's
            close(output)
            // Wait for the end without reaping it (WNOWAIT): the owner reaps.
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
            onEnd(problem)
        }
        reader.start()
    }

    deinit {
        // The worker sees the end of its input and exits.
        close(input)
    }

    /// Writes a frame to the worker; false when it is gone.
    func send(_ frame: [UInt8]) -> Bool { StandardStreams.write(input, frame) }

    /// Kills the worker (before `reap` only).
    func kill() { Self.kill(pid) }

    /// Reaps the ended worker; how it ended, in words.
    func reap() -> String {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return "ended" }
        }
        let signal = status & 0x7f
        if signal == 0 { return "exited with status \((status >> 8) & 0xff)" }
        return "crashed (signal \(signal): \(String(cString: strsignal(signal))))"
    }

    private static func kill(_ pid: pid_t) {
        #if canImport(Glibc)
        _ = Glibc.kill(pid, SIGKILL)
        #else
        _ = Darwin.kill(pid, SIGKILL)
        #endif
    }

    /// A pipe whose ends are closed on exec (so one worker never holds another's pipes open).
    /// Workers are started one at a time by the pool, so no spawn slips in before the flags are set.
    private static func makePipe(_ fds: inout [Int32]) -> Bool {
        guard pipe(&fds) == 0 else { return false }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        return true
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
