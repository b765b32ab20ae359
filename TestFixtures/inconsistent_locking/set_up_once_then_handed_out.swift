import Foundation

protocol TransportListener: AnyObject {
    func transportDidConnect()
    func transportDidFail(_ error: Error)
}

protocol Transport {
    func begin(listener: TransportListener)
}

protocol SyncDelegate: AnyObject {
    func connected()
    func failed(_ error: Error)
}

// Quiet: `delegate` is set once, under the lock, in the section that `running` lets run once,
// before that section hands `self` to the transport. The transport's callbacks run after that
// hand-out, so their reads see the final value.
final class SyncClient: TransportListener {
    private let stateLock = NSLock()
    private var running = false
    private var delegate: SyncDelegate?
    private let transport: Transport

    init(transport: Transport) {
        self.transport = transport
    }

    func start(_ delegate: SyncDelegate) {
        stateLock.lock()
        defer { stateLock.unlock() }
        if !running {
            self.delegate = delegate
            transport.begin(listener: self)
            running = true
        }
    }

    func transportDidConnect() {
        delegate?.connected()
    }

    func transportDidFail(_ error: Error) {
        delegate?.failed(error)
    }
}

// Fires: the delegate is set after the hand-out, so a callback may run before or during the write.
final class LateSyncClient: TransportListener {
    private let stateLock = NSLock()
    private var running = false
    private var delegate: SyncDelegate?
    private let transport: Transport

    init(transport: Transport) {
        self.transport = transport
    }

    func start(_ delegate: SyncDelegate) {
        stateLock.lock()
        defer { stateLock.unlock() }
        if (!running) {
            transport.begin(listener: self)
            self.delegate = delegate
            running = true
        }
    }

    func transportDidConnect() {
        delegate?.connected() // expect: inconsistent_locking
    }

    func transportDidFail(_ error: Error) {
        delegate?.failed(error) // expect: inconsistent_locking
    }
}

// Fires: nothing in the set-up hands the instance out; the reads are not ordered after the write.
final class PolledSyncClient {
    private let stateLock = NSLock()
    private var running = false
    private var delegate: SyncDelegate?

    func start(_ delegate: SyncDelegate) {
        stateLock.withLock {
            guard !running else { return }
            self.delegate = delegate
            running = true
        }
    }

    func poll() {
        delegate?.connected() // expect: inconsistent_locking
    }
}
