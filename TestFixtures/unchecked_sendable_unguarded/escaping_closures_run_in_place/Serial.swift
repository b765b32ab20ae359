import Foundation

// A semaphore of value 1 used as a mutex: wait, run the escaping closure in place, signal.
final class Turn: @unchecked Sendable {
    private let sema = DispatchSemaphore(value: 1) // expect: dispatch_semaphore
    func run<T>(_ body: @escaping () throws -> T) rethrows -> T {
        sema.wait()
        defer { sema.signal() }
        return try body()
    }
}

final class Tally: @unchecked Sendable {
    private let turn = Turn()
    private var total = 0
    func add(_ n: Int) { turn.run { total += n } }
    func read() -> Int { turn.run { total } }
    func zero() { total = 0 } // expect: unchecked_sendable_unguarded
}

// A lock reached through a protocol, whose conformer runs the closure under a pthread mutex.
protocol Serializing: Sendable {
    func serialized<T>(_ work: @escaping () -> T) -> T
}

final class MutexSerializer: Serializing, @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }
    func serialized<T>(_ work: @escaping () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return work()
    }
}

final class Ledger: @unchecked Sendable {
    private let serializer: any Serializing = MutexSerializer()
    private var lines: [String] = []
    func append(_ l: String) { serializer.serialized { lines.append(l) } }
    func count() -> Int { serializer.serialized { lines.count } }
    func last() -> String? { lines.last } // expect: unchecked_sendable_unguarded
}

