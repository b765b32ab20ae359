import Foundation

// A lock of another object the class holds, taken in one callback that touches a few of the
// class's vars: not their guard when the class's writes never hold it and most accesses do not.
final class FrameSource {
    let bufferLock = NSLock()
}

final class FrameView {
    let source: FrameSource
    private var device = 0
    private var depth = 0

    init(source: FrameSource) {
        self.source = source
    }

    func setUp() {
        device = 1
        depth = 2
    }

    func reset() {
        DispatchQueue.main.async {
            self.device = 3
            self.depth = 0
        }
    }

    func layout() {
        print(device, depth)
    }

    func draw() {
        print(device + depth)
    }

    func frameDidRender() {
        source.bufferLock.lock()
        print(device, depth)
        source.bufferLock.unlock()
    }
}

// The same borrowed lock taken at every write and most accesses: it is the var's guard, and
// the one access without it is reported.
final class FrameCounter {
    let source: FrameSource
    private var frames = 0

    init(source: FrameSource) {
        self.source = source
    }

    func add() {
        source.bufferLock.lock()
        frames += 1
        source.bufferLock.unlock()
    }

    func clear() {
        source.bufferLock.lock()
        frames = 0
        source.bufferLock.unlock()
    }

    func peek() -> Int {
        source.bufferLock.lock()
        defer { source.bufferLock.unlock() }
        return frames
    }

    func log() {
        print(frames) // expect: inconsistent_locking
    }
}
