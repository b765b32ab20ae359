import Foundation

// A take-and-reset through another object's member whose getter and setter each take that
// object's lock: what is stored between the read and the reset is dropped unhandled.
final class Workers: @unchecked Sendable {
    private let running = LockedBox<[String: Task<Void, Never>]>([:])
    private let names = LockedBox<[String]>([])
    private let readOnly = ReadLockedBox<[Int]>([])

    func stopAll() {
        let current = running.value
        for (_, task) in current {
            task.cancel()
        }
        running.value = [:] // expect: split_critical_section
    }

    func flush(_ send: ([String]) -> Void) {
        let batch = self.names.value
        send(batch)
        self.names.value = [] // expect: split_critical_section
    }

    // Only a question asked of what was read: quiet.
    func discard() -> Int {
        let current = names.value
        let n = current.count
        names.value = []
        return n
    }

    // Reset to something that is not empty: quiet.
    func restart() {
        let current = names.value
        for name in current { print(name) }
        names.value = ["start"]
    }

    // Taken and reset under one acquisition, worked through outside it: quiet.
    func stopAllAtOnce() {
        let current = running.swap([:])
        for (_, task) in current { task.cancel() }
    }

    // The setter does not lock: nothing split by this tool's knowledge, quiet.
    func clearReadOnly() {
        let all = readOnly.value
        for x in all { print(x) }
        readOnly.value = []
    }
}

public final class LockedBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T

    public init(_ initial: T) { stored = initial }

    public var value: T {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            stored = newValue
        }
    }

    public func swap(_ next: T) -> T {
        lock.lock()
        defer { lock.unlock() }
        let old = stored
        stored = next
        return old
    }
}

public final class ReadLockedBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T
    public init(_ initial: T) { stored = initial }
    public var value: T {
        get { lock.withLock { stored } }
        set { stored = newValue }
    }
}
