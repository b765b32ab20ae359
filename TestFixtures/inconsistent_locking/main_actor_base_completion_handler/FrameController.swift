import Foundation

// A main-actor controller (its base is a view controller in every branch) that hands a
// completion handler to the command buffer: the handler runs on the buffer's thread, so the
// write it reaches races the locked accesses.
final class FrameController: BaseController {
    private let lock = NSLock()
    private var queue: Int?

    func reset() {
        lock.lock()
        queue = 1
        lock.unlock()
    }

    func draw() {
        lock.lock()
        defer { lock.unlock() }
        print(queue ?? 0)
    }

    func commit(_ buffer: CommandBuffer) {
        buffer.addCompletedHandler { [weak self] _ in
            self?.recover()
        }
    }

    private func recover() {
        queue = nil // expect: inconsistent_locking
    }
}

// The same controller whose recovery is sent to the main queue: all its code runs on the main
// actor, which already serializes it.
final class MainFrameController: BaseController {
    private let lock = NSLock()
    private var queue: Int?

    func reset() {
        lock.lock()
        queue = 1
        lock.unlock()
    }

    func draw() {
        lock.lock()
        defer { lock.unlock() }
        print(queue ?? 0)
    }

    func commit() {
        DispatchQueue.main.async { [weak self] in
            self?.recover()
        }
    }

    private func recover() {
        queue = nil
    }
}

// Handlers that assert the main actor before touching the controller, and a handler given to
// an object of the run's own (which calls it where its code does: the tool cannot tell):
// the controller stays on the main actor.
final class Ticker {
    func onTick(_ body: @escaping () -> Void) {}
}

final class AssertingFrameController: BaseController {
    private let lock = NSLock()
    private var queue: Int?
    private let ticker = Ticker()

    func reset() {
        lock.lock()
        queue = 1
        lock.unlock()
    }

    func commit(_ buffer: CommandBuffer) {
        buffer.addCompletedHandler { [weak self] _ in
            MainActor.assumeIsolated {
                self?.recover()
            }
        }
        ticker.onTick { [weak self] in
            self?.recover()
        }
    }

    private func recover() {
        queue = nil
    }
}
