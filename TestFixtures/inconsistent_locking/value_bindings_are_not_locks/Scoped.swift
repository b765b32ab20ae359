import Foundation

// A value bound for the closure's duration through a type's static task-local: no lock is taken,
// so the var set there and read elsewhere is nothing to report.
enum Trace {
    @TaskLocal static var origin: String = ""
}

final class Launcher {
    private let lock = NSLock()
    private var pending: [String] = []
    private var worker: Worker!

    func enqueue(_ s: String) { lock.withLock { pending.append(s) } }
    func drain() -> [String] { lock.withLock { defer { pending = [] }; return pending } }

    func start() async {
        await Trace.$origin.withValue("launcher") {
            self.worker = await Worker.make()
        }
    }

    func poke() {
        Task { self.worker.ping() }
    }

    func nudge() {
        worker.ping()
    }

    func stop() {
        worker.halt()
    }
}

final class Worker {
    static func make() async -> Worker { Worker() }
    func ping() {}
    func halt() {}
}
