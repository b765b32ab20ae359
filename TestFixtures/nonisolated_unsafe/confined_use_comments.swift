import Foundation

// A comment that says the value is used only by one owner, thread or context, with words in
// between, states the contract: not reported.
struct TraceIndent {
    // This will only ever be accessed by the evaluator, which
    // runs entirely inside its actor's isolation.
    nonisolated(unsafe) static var current = TraceIndent()

    var depth = 0
}

enum Render {
    /// Is only ever used on the render thread, after the scene is loaded.
    nonisolated(unsafe) static var palette: [UInt32] = []

    /// Gets only touched from within `Render.reload()`, which the display link serializes.
    nonisolated(unsafe) static var frames = 0
}

func reload() {
    TraceIndent.current.depth += 1
    Render.palette.append(1)
    Render.frames += 1
}

// Comments that say what for, not where from: reported.
enum Metrics {
    /// Only used for logging.
    nonisolated(unsafe) static var label = "" // expect: nonisolated_unsafe

    /// Only changes when `bump()` runs.
    nonisolated(unsafe) static var count = 0 // expect: nonisolated_unsafe

    static func bump() {
        label = "x"
        count += 1
    }
}
