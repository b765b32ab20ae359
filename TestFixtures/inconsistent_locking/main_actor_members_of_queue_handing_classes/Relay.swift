import Foundation

/// Shape 3: a method handed on as a function value (a wrapper in between), once isolated to
/// the main actor and once not.
final class Bus {
    private var handlers: [() -> Void] = []
    func subscribe(_ handler: @escaping () -> Void) { handlers.append(handler) }
}

final class Relay {
    private let relayQueue = DispatchQueue(label: "relay")
    private var timer: DispatchSourceTimer?
    private var pending: [String] = []

    init(bus: Bus) {
        bus.subscribe(flushOnMain)
        bus.subscribe(flushAnywhere)
    }

    func add(_ s: String) { relayQueue.async { self.pending.append(s) } }

    func arm() {
        relayQueue.async {
            let t = DispatchSource.makeTimerSource(queue: self.relayQueue)
            t.setEventHandler { self.pending.removeAll() }
            t.resume()
            self.timer = t
        }
    }

    @MainActor func flushOnMain() {
        pending = [] // expect: inconsistent_locking
    }

    // Quiet: a function value the bus may call from any thread, perhaps on the queue.
    func flushAnywhere() {
        pending = []
    }
}
