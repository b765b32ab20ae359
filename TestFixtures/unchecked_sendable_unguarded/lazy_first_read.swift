import Foundation

// The first read of a lazy var runs its initializer and stores the value: in a class shared
// across threads, two first reads at once both run it and both store.
final class EventHub: @unchecked Sendable {
    private let lock = NSLock()
    private var listeners: [String] = []
    private lazy var dispatcher = Dispatcher()
    private lazy var formatter: DateFormatter = makeFormatter()

    func listen(_ name: String) { lock.withLock { listeners.append(name) } }

    func emit() {
        dispatcher.run() // expect: unchecked_sendable_unguarded
    }

    // Quiet: read only with the lock held.
    func stamp() -> String {
        lock.withLock { formatter.string(from: Date()) }
    }

    private func makeFormatter() -> DateFormatter { DateFormatter() }
}

final class Dispatcher { func run() {} }

// The same through the class's own wrapper around its queue.
final class Telemetry: @unchecked Sendable {
    private let queue = DispatchQueue(label: "telemetry")
    private var pending: [String] = []
    private lazy var encoder = JSONEncoder()
    private lazy var uploader = Dispatcher()

    private func onQueue<T>(_ body: () -> T) -> T { queue.sync(execute: body) }

    func record(_ e: String) { onQueue { pending.append(e) } }

    // Quiet: under the wrapper.
    func encode() -> Data? { onQueue { try? encoder.encode(pending) } }

    func flush() {
        uploader.run() // expect: unchecked_sendable_unguarded
    }
}

// A lazy var is mutable state even when nothing assigns it: a class that promises Sendable and
// has no guard for it is reported as such.
final class Plain: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private lazy var cache: [String: Int] = [:]
    func get(_ k: String) -> Int? { cache[k] }
}

// Quiet: a lazy var read only in init is construction.
final class BuiltInInit: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private lazy var table: [Int] = [1, 2, 3]
    init() { _ = table.count }
    func bump() { lock.withLock { count += 1 } }
}
