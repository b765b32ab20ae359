import Foundation

// The class is declared here; its `dynamic` step is declared in an extension in another file
// (`recorder_steps.swift`) and called only from blocks on the class's queue.

/// Quiet: `advance()` runs only in `queue.async { }` blocks.
final class TapeRecorder {
    let queue = DispatchQueue(label: "tape-recorder")
    var position = 0

    func record() {
        queue.async { self.advance() }
    }

    func rewind() {
        queue.async { self.position = 0 }
    }
}

/// Fires: `advance()` is also called straight from `seek()`.
final class DiscRecorder {
    let queue = DispatchQueue(label: "disc-recorder")
    var track = 0

    func record() {
        queue.async { self.advance() }
    }

    func seek() {
        advance()
    }

    func eject() {
        queue.async { self.track = 0 }
    }
}
