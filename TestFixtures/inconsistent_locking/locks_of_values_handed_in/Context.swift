import Foundation

protocol Locked: AnyObject {
    var lock: NSRecursiveLock { get }
}

final class Frame: Locked {
    let lock = NSRecursiveLock()
}

// Through a protocol-typed parameter, in an extension: the same.
final class Renderer {
    private var frames = 0
}

extension Renderer {
    func draw(in context: Locked) {
        context.lock.lock()
        frames += 1
        context.lock.unlock()
    }

    func skip() {
        frames += 1
    }
}
