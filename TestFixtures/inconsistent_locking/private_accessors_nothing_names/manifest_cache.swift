import Foundation

// A private computed property its file never names but in its declaration (no read, no write,
// no key path): its accessors run in no run of the code, so what they touch is not judged there.
// Named once, off the guard, it is.

/// Quiet: `phase` is never used.
final class ManifestCache {
    let queue = DispatchQueue(label: "manifest-cache")
    fileprivate var _phase = 0
    fileprivate var phase: Int {
        get { _phase }
        set { _phase = newValue }
    }

    func advance() {
        queue.async { self._phase += 1 }
    }

    var isReady: Bool {
        queue.sync { _phase > 2 }
    }

    func reset() {
        queue.async { self._phase = 0 }
    }
}

/// Fires: `stage` is read by `describe()`, which holds nothing.
final class LayoutCache {
    let queue = DispatchQueue(label: "layout-cache")
    fileprivate var _stage = 0
    fileprivate var stage: Int {
        get { _stage } // expect: inconsistent_locking
        set { _stage = newValue }
    }

    func advance() {
        queue.async { self._stage += 1 }
    }

    var isReady: Bool {
        queue.sync { _stage > 2 }
    }

    func reset() {
        queue.async { self._stage = 0 }
    }

    func describe() -> String {
        "stage \(stage)"
    }
}
