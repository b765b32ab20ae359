import Synchronization

/// Shape 2: the exchange inside `precondition(…)`, on a 0 → 1 integer.
final class Server: Sendable {
    private let state = Atomic<Int>(0)

    func start() {
        precondition(state.compareExchange(expected: 0, desired: 1, ordering: .relaxed).exchanged, "started twice")
    }

    func shutdown() {
        state.store(0, ordering: .relaxed)
    }
}

/// Shape 3: a `guard` whose `else` stops the program.
final class Installer: Sendable {
    private let installed = Atomic<Bool>(false)

    func install() {
        guard installed.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else {
            fatalError("install() called twice")
        }
    }

    func uninstall() {
        installed.store(false, ordering: .relaxed)
    }
}
