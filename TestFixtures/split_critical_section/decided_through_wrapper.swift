import Foundation

enum Upload { case pending, sending, sent }

// The file's own wrapper method runs its closure under the lock: a local assigned inside one call
// of it, or a switch over its result, decides what a second call writes.
final class Uploader: @unchecked Sendable {
    private let lock = NSLock()
    private var upload = Upload.pending

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    func start() {
        var current = Upload.pending
        locked { current = upload }
        guard current == .pending else { return }
        locked { upload = .sending } // expect: split_critical_section
    }

    func finish() {
        switch locked({ upload }) {
        case .sending:
            locked { upload = .sent } // expect: split_critical_section
        default:
            break
        }
    }

    func reset() {
        locked { upload = .pending }
    }

    // Re-checked inside the second call: quiet.
    func startChecked() {
        var current = Upload.pending
        locked { current = upload }
        guard current == .pending else { return }
        locked { if upload == .pending { upload = .sending } }
    }
}
