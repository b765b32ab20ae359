import Foundation

enum Stage { case idle, drawing }

final class Renderer: @unchecked Sendable {
    let lock = NSLock()
    var stage = Stage.idle
    var dirty = false

    // Tests and sets the stage in one hold: the caller owns the drawing until it ends it.
    func beginDrawing() -> Bool {
        lock.withLock {
            guard stage == .idle else { return false }
            stage = .drawing
            return true
        }
    }

    func endDrawing() {
        lock.withLock { stage = .idle }
    }

    // Only reads.
    func isDirty() -> Bool {
        lock.withLock { dirty }
    }

    func markClean() {
        lock.withLock { dirty = false }
    }

    func touch() {
        lock.withLock { dirty = true }
    }
}
