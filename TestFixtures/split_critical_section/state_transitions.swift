import Foundation

// A state kept behind a getter and a setter that each take the lock, spelled three ways. A check
// of the state through the getter, then a move to another case through the setter: two callers
// can both pass the check and both make the move.
enum LinkState { case idle, connected, shuttingDown, closed }

final class Link: @unchecked Sendable {
    private let lock = NSLock()
    private var _state: LinkState = .idle

    var state: LinkState {
        get { lock.withLock { _state } }
        set { lock.withLock { _state = newValue } }
    }

    func shutdown() {
        guard self.state == .connected else { return }
        self.state = .shuttingDown // expect: split_critical_section
    }

    func close() {
        let old = state
        if old == .shuttingDown {
            state = .closed // expect: split_critical_section
        }
    }

    // The check names the case written: an unchecked write would store the same. Quiet.
    func markClosed() {
        if state != .closed {
            state = .closed
        }
    }

    // A write decided by something else than the state: quiet.
    func reset(_ force: Bool) {
        if force { state = .idle }
    }

    // Checked and moved in one acquisition: quiet.
    func shutdownAtomically() -> Bool {
        lock.withLock {
            guard _state == .connected else { return false }
            _state = .shuttingDown
            return true
        }
    }
}

final class Dialer: @unchecked Sendable {
    private let lock = NSLock()
    private var _state: LinkState = .idle

    var state: LinkState {
        get {
            lock.lock()
            defer { lock.unlock() }
            return _state
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            _state = newValue
        }
    }

    func connect() {
        switch state {
        case .idle: state = .connected // expect: split_critical_section
        default: break
        }
    }

    // The read is only logged; the write is unconditional. Quiet.
    func hangUp() {
        print("hanging up from \(state)")
        state = .idle
    }
}

final class Channel: @unchecked Sendable {
    private let queue = DispatchQueue(label: "channel")
    private var _state: LinkState = .idle

    var state: LinkState {
        get { queue.sync { _state } }
        set { queue.sync { _state = newValue } }
    }

    func open() -> Bool {
        guard state == .idle else { return false }
        state = .connected // expect: split_critical_section
        return true
    }

    func drop() { state = .idle }
}

// A recursive lock held around both steps, the lock the accessors take: nothing comes between
// them. Quiet.
final class Session: @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private var _state: LinkState = .idle

    var state: LinkState {
        get { lock.withLock { _state } }
        set { lock.withLock { _state = newValue } }
    }

    func begin() {
        lock.lock()
        defer { lock.unlock() }
        guard state == .idle else { return }
        state = .connected
    }

    func end() { state = .closed }
}
