import Foundation

enum StreamPhase { case idle, streaming, draining, finished }

// The phase behind a getter and a setter that each take the lock; the checks and the moves are
// in another file.
final class Stream: @unchecked Sendable {
    private let lock = NSLock()
    private var _phase: StreamPhase = .idle
    private var _retries = 0

    var phase: StreamPhase {
        get { lock.withLock { _phase } }
        set { lock.withLock { _phase = newValue } }
    }

    var retries: Int { lock.withLock { _retries } }

    func restart() { phase = .idle }
}
