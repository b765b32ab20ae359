import Foundation

final class Animator {
    private let accessLock = NSLock()
    private var frames: [Int] = []
    private var index = 0

    func load(_ f: [Int]) {
        accessLock.lock()
        defer { accessLock.unlock() }
        frames = f
        index = 0
    }

    func count() -> Int {
        accessLock.lock()
        defer { accessLock.unlock() }
        return frames.count
    }

    // Quiet: the frame is drawn only when the lock is free, and then with it held.
    func nextFrame() -> Int? {
        guard accessLock.try() else {
            return nil
        }
        defer { accessLock.unlock() }
        guard !frames.isEmpty else { return nil }
        if index > frames.count - 1 { index = 0 }
        let f = frames[index]
        index += 1
        return f
    }

    // Quiet: taken in the condition, released at the end of the then-branch.
    func reset() {
        if accessLock.try() {
            frames.removeAll()
            index = 0
            accessLock.unlock()
        }
    }

    // Fires: the else-branch runs when another thread holds the lock.
    func skip() {
        if accessLock.try() {
            index += 1
            accessLock.unlock()
        } else {
            index += 2 // expect: inconsistent_locking
        }
    }
}
