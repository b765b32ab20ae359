import Foundation

// An `@objc` member the module's Objective-C code may call too: when every call the Swift code
// makes of it holds one of the class's guards (here a timer made with `queue:` runs its handler
// on that queue), the tool cannot tell what the other calls hold, and says nothing of it. A
// visible call made off the queue is still reported.

/// Quiet: `tick()` runs from the timer's handler, on `workQueue`.
final class FrameSampler: NSObject {
    private let workQueue = DispatchQueue(label: "frame-sampler")
    private var elapsed = 0
    private var timer: DispatchSourceTimer?

    func start() {
        workQueue.async { [self] in
            elapsed = 0
            let source = DispatchSource.makeTimerSource(flags: [], queue: workQueue)
            source.schedule(deadline: .now() + 1, repeating: 1)
            source.setEventHandler { [weak self] in self?.tick() }
            source.resume()
            timer = source
        }
    }

    func stop() {
        workQueue.async { [self] in
            timer?.cancel()
            timer = nil
        }
    }

    @objc func tick() {
        elapsed += 1
        if elapsed == 60 { elapsed = 0 }
    }
}

/// Fires: `tick()` is also called from `skip()`, which holds nothing.
final class BeatSampler: NSObject {
    private let workQueue = DispatchQueue(label: "beat-sampler")
    private var beats = 0
    private var timer: DispatchSourceTimer?

    func start() {
        workQueue.async { [self] in
            beats = 0
            let source = DispatchSource.makeTimerSource(flags: [], queue: workQueue)
            source.setEventHandler { [weak self] in self?.tick() }
            source.resume()
            timer = source
        }
    }

    func skip() {
        tick()
    }

    @objc func tick() {
        beats += 1 // expect: inconsistent_locking
    }
}
