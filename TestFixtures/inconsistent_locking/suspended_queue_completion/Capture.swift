import Foundation

enum Permission { case unknown, granted, denied }

func requestAccess(_ completion: @escaping @Sendable (Bool) -> Void) { completion(true) }
func requestAccess(completionHandler: @escaping @Sendable (Bool) -> Void) { completionHandler(true) }

// A completion handler that writes while the class's serial queue is suspended (suspended before
// the request, resumed in the handler after the write): no block of the queue runs between the
// two, so the write is ordered with the queue's blocks.
final class Capture {
    private let sessionQueue = DispatchQueue(label: "capture.session")
    private var permission = Permission.unknown
    private var attempts = 0
    private var lastError: String?

    func configure() {
        sessionQueue.async {
            if self.permission == .granted { self.attempts += 1 }
            self.lastError = nil
        }
    }

    func reset() {
        sessionQueue.async {
            self.permission = .unknown
            self.attempts = 0
        }
    }

    func whenGranted(_ work: @escaping @Sendable () -> Void) {
        sessionQueue.async {
            if self.permission == .granted { work() }
        }
    }

    func checkPermission() {
        sessionQueue.suspend()
        requestAccess(completionHandler: { granted in
            if !granted {
                self.permission = .denied
            }
            self.sessionQueue.resume()
        })
    }

    // Trailing closure, and a helper in between that only this handler calls.
    func recheck() {
        sessionQueue.suspend()
        requestAccess { granted in
            self.record(granted)
            self.sessionQueue.resume()
            self.attempts += 1 // expect: inconsistent_locking
        }
    }

    private func record(_ granted: Bool) {
        permission = granted ? .granted : .denied
    }

    // No suspension: the handler runs whenever the request completes.
    func refresh() {
        requestAccess { granted in
            self.lastError = granted ? nil : "denied" // expect: inconsistent_locking
        }
    }
}
