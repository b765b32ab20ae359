import Foundation

// The palette guards its state with its own lock: every write of `accent` inside the class
// holds it.
final class Palette {
    let gate = NSLock()
    var accent = "blue"
    var shade = 1
    fileprivate var draft = ""
    private var history: [String] = []
    let name = "default"

    func setAccent(_ value: String) {
        gate.lock()
        accent = value
        history.append(value)
        draft = value
        gate.unlock()
    }

    func currentAccent() -> String {
        gate.lock()
        defer { gate.unlock() }
        return accent
    }

    func bumpShade() {
        gate.lock()
        shade += 1
        gate.unlock()
    }
}

// Quiet: a file-private var reached by another type of the same file (not followed: the
// tool says nothing rather than guess who else can reach it).
struct PalettePeek {
    func look(_ p: Palette) -> String { p.draft }
}
