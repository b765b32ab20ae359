import Foundation

// A closure handed to a factory together with the queue the class guards its state with
// (`queue: q`) runs on that queue; a method called only from such closures runs there too. The
// same method also called from a public method off the queue, or a closure handed another queue,
// still reads the state outside its queue.

protocol PulseFactory {
    func makePulse(interval: TimeInterval, leeway: TimeInterval, queue: DispatchQueue,
                   _ fire: @escaping () -> Void) -> AnyObject
}

/// Quiet: `refresh()` runs only from the pulse, on `state`.
final class QuotaWatcher {
    private let state = DispatchQueue(label: "quota-watcher")
    private let pulses: PulseFactory
    private var pulse: AnyObject?
    private var account: String?

    init(pulses: PulseFactory) { self.pulses = pulses }

    func use(account: String) {
        state.async { self.account = account }
    }

    func start() {
        state.async {
            self.pulse = self.pulses.makePulse(interval: 60, leeway: 1, queue: self.state) { [weak self] in
                self?.refresh()
            }
        }
    }

    private func refresh() {
        if let account { print(account) }
    }
}

/// Fires: `refresh()` is also called from a public method, on whatever thread calls it.
public final class LeaseWatcher {
    private let state = DispatchQueue(label: "lease-watcher")
    private let pulses: PulseFactory
    private var pulse: AnyObject?
    private var lease: String?

    init(pulses: PulseFactory) { self.pulses = pulses }

    public func use(lease: String) {
        state.async { self.lease = lease }
    }

    public func start() {
        state.async {
            self.pulse = self.pulses.makePulse(interval: 60, leeway: 1, queue: self.state) { [weak self] in
                self?.refresh()
            }
        }
    }

    public func refreshNow() {
        refresh()
    }

    private func refresh() {
        if let lease { print(lease) } // expect: inconsistent_locking
    }
}

/// Fires: the pulse is handed another queue than the one the state runs on.
final class BadgeWatcher {
    private let state = DispatchQueue(label: "badge-watcher")
    private let ticks = DispatchQueue(label: "badge-ticks")
    private let pulses: PulseFactory
    private var pulse: AnyObject?
    private var badge: Int?

    init(pulses: PulseFactory) { self.pulses = pulses }

    func use(badge: Int) {
        state.async { self.badge = badge }
    }

    func start() {
        state.async {
            self.pulse = self.pulses.makePulse(interval: 60, leeway: 1, queue: self.ticks) { [weak self] in
                self?.refresh()
            }
        }
    }

    private func refresh() {
        if let badge { print(badge) } // expect: inconsistent_locking
    }
}
