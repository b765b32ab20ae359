import Foundation

// A lock reached through an optional (`core?.frontLock`): on the path where the optional is
// nil, a release through the same chain does nothing. The fix-it binds the lock once.
final class Core {
    let frontLock = NSLock()
    var width = 0
}

final class Blitter {
    weak var core: Core?
    private var copied = 0

    func didRender() {
        core?.frontLock.lock() // expect: lock_without_defer
        guard let core = core else { return }
        copied = core.width
        core.frontLock.unlock()
    }

    // Bound once, then locked and released through the binding: quiet.
    func didRenderBound() {
        guard let core else { return }
        core.frontLock.lock()
        defer { core.frontLock.unlock() }
        copied = core.width
    }
}

// An optional lock of a protocol type, reached through `self.`.
protocol FrontGate: AnyObject {
    func lock()
    func unlock()
}

final class Copier {
    var gate: FrontGate?
    private var pending = 0

    func flush(_ skip: Bool) {
        self.gate?.lock() // expect: lock_without_defer
        if skip { return }
        pending = 0
        self.gate?.unlock()
    }
}
