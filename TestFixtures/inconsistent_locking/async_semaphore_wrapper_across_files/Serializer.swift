import Foundation

// A type whose closure method awaits an async semaphore of one slot and signals it when the
// closure is done: a lock for the code in the closure.
actor Slots {
    private var free: Int
    init(value: Int) { free = value }
    func wait() async {}
    nonisolated func signal() {}
}

final class Serializer: Sendable {
    private let slots = Slots(value: 1)

    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        await slots.wait()
        defer { slots.signal() }
        return try await body()
    }
}
