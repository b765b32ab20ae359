import Foundation

// Another type's code holds a reference to the palette and reaches its state directly.
final class Canvas {
    let palette: Palette
    weak var spare: Palette?

    init(palette: Palette) {
        self.palette = palette
        // Quiet: in the initializer, on the spot.
        _ = palette.accent
    }

    func paint() -> String {
        palette.accent // expect: inconsistent_locking
    }

    // Quiet: goes through the palette's own locked accessor.
    func paintSafely() -> String {
        palette.currentAccent()
    }

    // Quiet: holds the palette's lock, reached through the reference.
    func paintLocked() -> String {
        palette.gate.lock()
        defer { palette.gate.unlock() }
        return palette.accent
    }

    // Quiet: a `let`, and a weak reference.
    func label() -> String {
        palette.name + (spare?.accent ?? "")
    }
}
