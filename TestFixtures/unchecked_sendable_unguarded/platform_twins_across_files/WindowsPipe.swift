#if os(Windows)
import Foundation

// The Windows build's pipe: a lock guards `fd`.
final class Pipe: @unchecked Sendable {
    private let lock = NSLock()
    var fd: Int32 = -1

    func attach(_ d: Int32) {
        lock.lock()
        defer { lock.unlock() }
        fd = d
    }
}
#endif
