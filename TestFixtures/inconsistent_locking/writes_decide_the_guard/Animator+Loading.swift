import Foundation

/// In another file, through a helper: the writes run on the main queue (a block the helper's
/// only caller submits there); the helper's read on the preload queue is reported.
extension FrameAnimator {
    func reset() {
        DispatchQueue.main.async { self.rewind() }
    }

    private func rewind() {
        frames = []
    }

    func warm() {
        preloadQueue.async { print(self.frames.count) } // expect: inconsistent_locking
    }
}

/// A lock held at the writes is the guard even where an executor also runs the code: a read on
/// the main actor without it races with a write from another thread.
final class Counter {
    private let lock = NSLock()
    private var total = 0
    func add() { lock.withLock { total += 1 } }
    func read() -> Int { lock.withLock { total } }
    @MainActor func show() { print(total) } // expect: inconsistent_locking
}
