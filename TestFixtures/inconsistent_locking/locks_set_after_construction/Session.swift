import Foundation

// A lock object made later from a path and kept in an optional var: the state machine beside it
// is read before the lock exists and written where the var may be nil. The tool cannot tell
// what such a lock guards, so it says nothing.
final class Checkout {
    private enum Phase { case idle, wanted, held, done }
    private var phase: Phase = .idle
    private var marker: PathLock?

    func want() {
        assert(phase == .idle)
        phase = .wanted
    }

    func take(at path: String) throws {
        assert(phase == .wanted)
        guard marker == nil else { return }
        phase = .held
        let marker = try PathLock(path: path)
        marker.lock()
        self.marker = marker
    }

    func give() {
        assert(phase == .held || phase == .wanted)
        phase = .done
        marker?.unlock()
    }
}

final class PathLock {
    init(path: String) throws {}
    func lock() {}
    func unlock() {}
}
