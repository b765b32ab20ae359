import UIKit

// Timers whose handlers the main thread runs: a timer scheduled from code on the main thread
// (`Timer.scheduledTimer` uses the run loop of the thread that schedules it), a timer or display
// link added to the main run loop, a dispatch timer made on the main queue. State touched only
// by those handlers and by other main-thread code is confined to the main thread.

/// Quiet: scheduled after the method hops onto the main thread (`guard Thread.isMainThread else
/// { main.async { same method }; return }`), so the block runs on the main run loop.
final class LevelMeter: @unchecked Sendable {
    private var level = 0
    private var timer: Timer?

    func start() {
        guard Thread.isMainThread else {
            DispatchQueue.main.async { self.start() }
            return
        }
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
            self?.level += 1
        }
    }
}

/// Quiet: the same hop spelled `if !Thread.isMainThread { …; return }`, and a timer made with
/// `Timer(…)` and added to `RunLoop.main`.
final class Heartbeat: @unchecked Sendable {
    private var beats = 0
    private var timer: Timer?

    func start() {
        if !Thread.isMainThread {
            DispatchQueue.main.sync { self.start() }
            return
        }
        let t = Timer(timeInterval: 1, repeats: true) { [weak self] _ in
            self?.beats += 1
        }
        RunLoop.main.add(t, forMode: .common)
        timer = t
    }
}

/// The event handler of a dispatch timer made on the main queue runs there: 'ticks' is quiet.
/// Fires for 'source': `arm()` may be called from any thread, and nothing shows it on main.
final class Pacer: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private var ticks = 0
    private var source: DispatchSourceTimer?

    func arm() {
        let t = DispatchSource.makeTimerSource(queue: DispatchQueue.main)
        t.setEventHandler { [weak self] in self?.ticks += 1 }
        source = t
        t.resume()
    }
}

/// Fires: `start()` is not shown to run on the main thread, so the scheduled block runs on the
/// run loop of whatever thread calls it.
final class Sampler: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private var samples = 0
    private var timer: Timer?

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
            self?.samples += 1
        }
    }
}

/// Fires: a dispatch timer on the class's own concurrent work queue runs its handler there.
final class Poller: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private var polls = 0
    private let work = DispatchQueue(label: "poll", attributes: .concurrent)

    @MainActor
    func arm() {
        let t = DispatchSource.makeTimerSource(queue: work)
        t.setEventHandler { [weak self] in self?.polls += 1 }
        t.resume()
    }
}

/// Fires: the timer is added to the run loop of the calling thread, which nothing shows is main.
final class FrameCounter: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private var frames = 0

    func start() {
        let t = Timer(timeInterval: 0.1, repeats: true) { [weak self] _ in self?.frames += 1 }
        RunLoop.current.add(t, forMode: .common)
    }
}
