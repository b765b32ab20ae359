import Foundation

// `@MainActor` on one extension isolates that extension's members only. The type itself is a
// plain class, so its other extensions are not main-actor code.
final class Relay {
    func forward() {
        DispatchQueue.main.async { }
    }
}

@MainActor
extension Relay {
    func reveal() {
        DispatchQueue.main.async { } // quiet: on the main actor the hop only defers the block
    }
}

extension Relay {
    // A plain synchronous method of an unmarked extension: not concurrency code at all.
    func ping() {
        DispatchQueue.main.async { }
    }

    // A task started here inherits no actor: the hop really goes to the main thread, and as the
    // last thing of a task nobody keeps it is not reported.
    static func send(_ done: @escaping @Sendable (Int) -> Void) {
        Task {
            let value = await compute()
            DispatchQueue.main.async { done(value) }
        }
    }

    // The same hop with more work after it in the task: reported as a hop out of a task body,
    // never as a main-actor deferral.
    static func sendThenLog(_ done: @escaping @Sendable (Int) -> Void) {
        Task {
            let value = await compute()
            DispatchQueue.main.async { done(value) } // expect: dispatch_main_in_async
            await log(value)
        }
    }

    static func compute() async -> Int { 1 }
    static func log(_ value: Int) async {}
}

// The type's own attribute isolates every extension of it: the hop is a deferral on the main
// actor and is reported.
@MainActor
final class Gauge {}

extension Gauge {
    func refresh() {
        DispatchQueue.main.async { } // quiet: on the main actor the hop only defers the block
    }
}
