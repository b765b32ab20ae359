import Atomics
import Foundation

// A semaphore created with a count of one, waited on once, after a guard that lets one caller
// through ever (an atomic read-modify-write compared in the condition, an else that leaves): the
// one caller takes the count at once, and nobody else reaches the wait. Not reported. Without
// such a gate, or with a plain load (every caller passes it), or a second wait, it is a lock.

// Shape 1: increment-and-check, then the wait; the signal when the teardown ends.
final class Runtime {
    private let stopping = ManagedAtomic<Int>(0)
    private let teardown = DispatchSemaphore(value: 1)

    func shutdown() {
        guard stopping.loadThenWrappingIncrement(ordering: .relaxed) == 0 else { return }
        teardown.wait()
        defer { teardown.signal() }
        release()
    }

    func release() {}
}

// A plain load lets every caller through: reported.
final class RuntimeLoadOnly {
    private let stopping = ManagedAtomic<Int>(0)
    private let teardown = DispatchSemaphore(value: 1) // expect: dispatch_semaphore

    func shutdown() {
        guard stopping.load(ordering: .relaxed) == 0 else { return }
        teardown.wait()
        defer { teardown.signal() }
    }
}

// Shape 2: a compare-and-exchange gate that throws, the semaphore reached through `self.`.
final class Bootstrap {
    private let started = ManagedAtomic<Bool>(false)
    private let once = DispatchSemaphore(value: 1)

    func start() throws {
        guard self.started.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged == true else {
            throw CancellationError()
        }
        self.once.wait()
        load { self.once.signal() }
    }

    func load(_ done: @escaping () -> Void) {}
}

// A second wait elsewhere, without the gate: reported.
final class BootstrapTwice {
    private let started = ManagedAtomic<Bool>(false)
    private let once = DispatchSemaphore(value: 1) // expect: dispatch_semaphore

    func start() throws {
        guard self.started.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged == true else { return }
        self.once.wait()
        self.once.signal()
    }

    func join() {
        once.wait()
        once.signal()
    }
}

// Shape 3: an exchange on a wrapper, in a static method, with a local flag copy in between.
enum Session {
    static let ended = ManagedAtomic<Bool>(false)
    static let closing = DispatchSemaphore(value: 1)

    static func end() {
        let flag = ended
        guard flag.exchange(true, ordering: .acquiring) == false else { return }
        closing.wait()
        DispatchQueue.global().async { closing.signal() }
    }
}

// The gate's else goes on instead of leaving: every caller reaches the wait. Reported.
enum SessionNoExit {
    static let ended = ManagedAtomic<Bool>(false)
    static let closing = DispatchSemaphore(value: 1) // expect: dispatch_semaphore

    static func end() {
        if ended.exchange(true, ordering: .acquiring) == false { print("first") }
        closing.wait()
        closing.signal()
    }
}

// A local created behind the gate is a new semaphore per call: the gate says nothing about it.
// Created with 1 and signalled only by the work it starts, its wait returns at once. Reported.
final class RuntimeWithPlugins {
    private let stopping = ManagedAtomic<Int>(0)

    func shutdown() {
        guard stopping.loadThenWrappingIncrement(ordering: .relaxed) == 0 else { return }
        let stopped = DispatchSemaphore(value: 1) // expect: dispatch_semaphore
        Task {
            await stopPlugins()
            stopped.signal()
        }
        stopped.wait()
    }

    func stopPlugins() async {}
}
