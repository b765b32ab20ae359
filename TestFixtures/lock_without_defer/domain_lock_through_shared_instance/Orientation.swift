#if os(iOS)
import UIKit

/// A screen-orientation lock: `lock()` records a state that must stay on until `unlock()`.
@MainActor
final class Orientation {
    static let shared = Orientation()
    private init() {}
    private var mask: Int?
    private(set) var isLocked = false
    func lock() {
        guard !isLocked else { return }
        mask = 1
        isLocked = true
        notify()
    }
    func lock(to m: Int) {
        mask = m
        isLocked = true
        notify()
    }
    func unlock() {
        isLocked = false
        notify()
    }
    private func notify() {}
}
#endif
