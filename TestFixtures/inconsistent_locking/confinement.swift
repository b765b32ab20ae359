import Foundation

// Executors count as guards: the main actor, a queue asserted with dispatchPrecondition, an
// event loop asserted or branched on.

/// State kept on the main actor, filled from a background queue through main-queue blocks.
final class Presenter {
    private let queue = DispatchQueue(label: "work")
    private var results: [Int] = []
    private var title = ""
    func load() {
        queue.async {
            let r = [1, 2]
            DispatchQueue.main.async {
                self.results = r
                self.title = "done"
            }
        }
    }
    @MainActor func show() -> String { "\(title) \(results.count)" }
    func refresh() { Task { @MainActor in self.title = "refreshing" } }
    func process() { queue.async { self.results.append(3) } } // expect: inconsistent_locking
}

/// A queue asserted at the top of a method: the method runs on it.
final class Engine {
    private let queue = DispatchQueue(label: "engine")
    private var state = 0
    func start() { queue.async { self.step() } }
    func step() {
        dispatchPrecondition(condition: .onQueue(queue))
        state += 1
    }
    func stop() { queue.sync { state = 0 } }
    func peek() -> Int { state } // expect: inconsistent_locking
}

/// Main-thread code found by its checks: `guard Thread.isMainThread`, an early return that hops.
final class Badge {
    private let lock = NSLock()
    private var count = 0
    private var label = ""
    func set(_ n: Int) {
        guard Thread.isMainThread else { return }
        label = "\(n)"
    }
    func show(_ text: String) {
        if !Thread.isMainThread {
            DispatchQueue.main.async { self.show(text) }
            return
        }
        label = text
    }
    func bump() { lock.withLock { count += 1 } }
    func reset() { count = 0 } // expect: inconsistent_locking
}

/// Quiet: a var touched only on the main actor while a queue guards another var; a read on the
/// event loop where every write runs needs no lock, though other threads take it.
final class Channel {
    let eventLoop: EventLoop
    private let lock = NSLock()
    private var buffered = 0
    private var onMain = ""
    init(eventLoop: EventLoop) { self.eventLoop = eventLoop }
    func write(_ n: Int) {
        eventLoop.assertInEventLoop()
        lock.withLock { buffered += n }
        if buffered > 10 { print("full") }
    }
    var pending: Int { lock.withLock { buffered } }
    @MainActor func rename(_ s: String) { onMain = s }
    @MainActor func name() -> String { onMain }
}
