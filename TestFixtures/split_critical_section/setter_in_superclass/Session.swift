import Foundation

// The accessor pair is declared in a base class; the check-then-act is in a subclass in another
// file.
class Session: @unchecked Sendable {
    private let lock = NSLock()
    private var _trace: String?
    private var _retries = 0

    var trace: String? {
        get { lock.withLock { _trace } }
        set { lock.withLock { _trace = newValue } }
    }

    var retries: Int {
        get { lock.withLock { _retries } }
        set { lock.withLock { _retries = newValue } }
    }
}
