import UIKit

// A check and a write in two acquisitions cannot be split when both, and every other write of
// the state, run on the main thread: it runs one thing at a time. Main-thread code here is
// reached through a private helper from the targets of application lifecycle notifications
// (posted on the main thread), from a method that hops onto the main thread first, or from an
// `@IBAction`.

/// Quiet: `unpause()` and `pause()` run only from the lifecycle observers' targets.
final class FrameTracker: @unchecked Sendable {
    private let lock = NSLock()
    private var _running = false
    public private(set) var isRunning: Bool {
        get { lock.withLock { _running } }
        set { lock.withLock { _running = newValue } }
    }

    func listen() {
        NotificationCenter.default.addObserver(self, selector: #selector(didBecomeActive),
                                               name: UIApplication.didBecomeActiveNotification, object: nil)
        NotificationCenter.default.addObserver(self, selector: #selector(Self.willResignActive),
                                               name: UIApplication.willResignActiveNotification, object: nil)
    }

    @objc private func didBecomeActive() { unpause() }
    @objc private func willResignActive() { pause() }

    private func unpause() {
        guard !isRunning else { return }
        isRunning = true
    }

    private func pause() {
        isRunning = false
    }
}

/// Quiet: the check and the write run in an `@IBAction`; the other write in the block of a timer
/// scheduled there, on the main run loop.
final class Recorder: NSObject, @unchecked Sendable {
    private let lock = NSLock()
    private var _armed = false
    private var armed: Bool {
        get { lock.withLock { _armed } }
        set { lock.withLock { _armed = newValue } }
    }

    @IBAction func arm(_ sender: Any) {
        guard !armed else { return }
        armed = true
        Timer.scheduledTimer(withTimeInterval: 5, repeats: false) { [weak self] _ in
            self?.armed = false
        }
    }
}

/// Fires: a notification of the app's own (posted on whatever thread posts it) is not known to
/// arrive on the main thread.
final class SyncTracker: @unchecked Sendable {
    private let lock = NSLock()
    private var _syncing = false
    private var syncing: Bool {
        get { lock.withLock { _syncing } }
        set { lock.withLock { _syncing = newValue } }
    }

    func listen() {
        NotificationCenter.default.addObserver(self, selector: #selector(changed),
                                               name: Notification.Name("SyncChanged"), object: nil)
        NotificationCenter.default.addObserver(self, selector: #selector(ended),
                                               name: Notification.Name("SyncEnded"), object: nil)
    }

    @objc private func changed() { begin() }
    @objc private func ended() { syncing = false }

    private func begin() {
        guard !syncing else { return }
        syncing = true // expect: split_critical_section
    }
}

/// Fires: the lifecycle target is also called from a global queue.
final class Refresher: @unchecked Sendable {
    private let lock = NSLock()
    private var _fresh = false
    private var fresh: Bool {
        get { lock.withLock { _fresh } }
        set { lock.withLock { _fresh = newValue } }
    }

    func listen() {
        NotificationCenter.default.addObserver(self, selector: #selector(foreground),
                                               name: UIApplication.willEnterForegroundNotification, object: nil)
        DispatchQueue.global().async { self.foreground() }
    }

    func invalidate() {
        fresh = false
    }

    @objc private func foreground() {
        guard !fresh else { return }
        fresh = true // expect: split_critical_section
    }
}

/// Runs its closure at once when on the main thread, else on the main queue.
final class MainRunner {
    func onMain(_ block: @escaping () -> Void) {
        guard !Thread.isMainThread else {
            DispatchQueue.main.async { block() }
            return
        }
        DispatchQueue.main.async(execute: block)
    }
}

/// Quiet: `resume()` and `suspend()` run only in closures the helper runs on the main queue.
final class Session: @unchecked Sendable {
    private let lock = NSLock()
    private var _live = false
    private var live: Bool {
        get { lock.withLock { _live } }
        set { lock.withLock { _live = newValue } }
    }
    private let runner = MainRunner()

    func start() { runner.onMain { self.resume() } }
    func stop() { runner.onMain { self.suspend() } }

    private func resume() {
        guard !live else { return }
        live = true
    }

    private func suspend() { live = false }
}
