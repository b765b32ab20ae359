import Foundation

/// The guard of a var is what its writes hold. The frame index is written on the main actor; a
/// serial queue reads it to prepare frames. The reads on that queue race with the main actor's
/// writes (one finding, with a note at the other read); the reads on the main actor do not.
final class FrameAnimator {
    let preloadQueue = DispatchQueue(label: "preload")
    private var frameIndex = 0
    var frames: [Int] = []

    @MainActor func advance() {
        frameIndex += 1
    }

    @MainActor func current() -> Int { frames.isEmpty ? 0 : frames[frameIndex % frames.count] }

    func preload() {
        preloadQueue.async {
            let next = self.frameIndex + 1 // expect: inconsistent_locking
            self.prepare(next)
            print(self.frameIndex, self.frameIndex % 2)
        }
    }

    private func prepare(_ index: Int) {}
}

/// Quiet: a var written only with no guard, and read under the lock in one place. A class that
/// does not claim to be Sendable shows that the lock guards this var only by holding it where the
/// var is written; here the lock guards `tasks`. (An @unchecked Sendable class is reported at the
/// write: see unchecked_sendable_unguarded/writes_decide_the_guard.swift.)
final class Downloader {
    private let lock = NSLock()
    private var tasks: [String: Int] = [:]
    var delegateName = "default" {
        didSet { current = delegateName }
    }
    private var current = "default"

    func add(_ url: String) {
        lock.lock()
        defer { lock.unlock() }
        tasks[url] = current.count
    }

    func cancelAll() { print(current) }
}
