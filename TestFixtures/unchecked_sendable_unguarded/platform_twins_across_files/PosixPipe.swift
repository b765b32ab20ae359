#if !os(Windows)
import Foundation

// The POSIX build's pipe: one serial queue guards `fd`; it never sees the Windows twin's lock.
final class Pipe: @unchecked Sendable {
    private let queue = DispatchQueue(label: "pipe")
    var fd: Int32 = -1

    func attach(_ d: Int32) {
        queue.sync { fd = d }
    }

    func detach() {
        queue.async { self.fd = -1 }
    }
}
#endif
