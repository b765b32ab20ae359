import Foundation

/* A nested /* block */ comment with Thread.sleep(forTimeInterval: 1) in async code:
   func f() async { sleep(1) } */
// func g() async { usleep(10) }

enum Poller {
    @discardableResult
    @available(macOS 13, *)
    static func poll(
        every interval: TimeInterval
    ) async -> Bool {
        Thread.sleep(forTimeInterval: interval) // expect: blocking_in_async
        let message = "sleep(\(interval)) then usleep(10)"
        let raw = #"Thread.sleep(forTimeInterval: 1) \#(interval)"#
        let multi = """
            nanosleep(&spec, nil)
            sleep(\(Int(interval)))
            """
        let pattern = /sleep\(\d+\)/
        _ = (message, raw, multi, pattern)
        return true
    }

    static func retry<T>(_ body: () async throws -> T) async rethrows -> T where T: Sendable {
        for attempt in 0..<3 {
            if attempt > 0 { usleep(UInt32(attempt) * 1_000) } // expect: blocking_in_async
        }
        return try await body()
    }

    static func syncPause() {
        sleep(1)
        Thread.sleep(until: Date())
        DispatchQueue.global().async {
            usleep(10)
        }
    }
}

extension Poller {
    static func spin() async {
        #if os(Linux)
        Glibc.usleep(100) // expect: blocking_in_async
        #else
        Darwin.sleep(1) // expect: blocking_in_async
        #endif
        var spec = timespec(tv_sec: 0, tv_nsec: 500)
        nanosleep(&spec, nil) // expect: blocking_in_async
    }

    static func interpolated() async -> String {
        "\([1, 2].map { n in String(n) }.joined()) \(Thread.current)"
    }

    static func tasks() {
        Task.detached(priority: .background) {
            Foundation.Thread.sleep(forTimeInterval: 0.2) // expect: blocking_in_async
        }
        Task {
            try await Task.sleep(for: .seconds(1))
            try await Task.sleep(nanoseconds: 1_000)
        }
        Task { @MainActor in
            Thread.sleep(until: .distantFuture) // expect: blocking_in_async
        }
    }

    static func later() async {
        // Runs later, on whatever thread calls the handler: not this function's code.
        register { Thread.sleep(forTimeInterval: 1) }
        let stored: @Sendable () -> Void = { sleep(2) }
        stored()
        [1, 2].forEach { _ in usleep(5) } // expect: blocking_in_async
    }

    static func register(_ f: @escaping () -> Void) {}
}

struct FakeClock {
    func sleep(for duration: Duration) async {}
    func sleep(until deadline: ContinuousClock.Instant) async throws {}

    func advance() async throws {
        await sleep(for: .seconds(1))
        await self.sleep(for: .seconds(1))
        try await sleep(until: .now)
    }
}

struct Group {
    func run() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                sleep(1) // expect: blocking_in_async
            }
            usleep(1) // expect: blocking_in_async
        }
    }
}
