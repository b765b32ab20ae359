import Foundation

// Another block that ends before the release: a `switch` case takes the lock, the code after
// the switch releases it.
enum Mode { case shared, solo }

final class Mixer {
    private let lock = NSLock()
    private var level = 0

    func mix(_ mode: Mode, _ skip: Bool) throws {
        switch mode {
        case .shared:
            lock.lock() // expect: lock_without_defer
        case .solo:
            break
        }
        if skip { return }
        level += 1
        if mode == .shared { lock.unlock() }
    }

    // Taken and released in the same case: quiet.
    func mixInside(_ mode: Mode) {
        switch mode {
        case .shared:
            lock.lock()
            defer { lock.unlock() }
            level += 1
        case .solo:
            break
        }
    }
}
