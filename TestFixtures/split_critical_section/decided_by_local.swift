import Foundation
import Synchronization

enum Link { case idle, connecting, connected }

// A local of the function assigned inside the first withLock decides whether the second writes:
// two callers can both see `.idle` and both start connecting.
final class Connection: @unchecked Sendable {
    private let lock = NSLock()
    private var link = Link.idle
    private var attempts = 0

    func connect() {
        var current = Link.idle
        lock.withLock { current = link }
        if current == .idle {
            lock.withLock { link = .connecting } // expect: split_critical_section
        }
    }

    // The cases of a switch over what was read decide it too.
    func advance() {
        let seen = lock.withLock { link }
        switch seen {
        case .idle:
            lock.withLock { link = .connecting } // expect: split_critical_section
        case .connecting, .connected:
            break
        }
    }

    // And the `else` of an `if` that tested it.
    func retry() {
        let seen = lock.withLock { link }
        if seen == .connected {
            print("already up")
        } else {
            lock.withLock { link = .connecting } // expect: split_critical_section
        }
    }

    func disconnect() {
        lock.withLock { link = .idle }
    }

    // The second acquisition checks again: quiet.
    func connectChecked() {
        var current = Link.idle
        lock.withLock { current = link }
        if current == .idle {
            lock.withLock { if link == .idle { link = .connecting } }
        }
    }

    // A switch over something the read does not decide: quiet.
    func record(_ event: Int) {
        let seen = lock.withLock { link }
        print(seen)
        switch event {
        case 0: lock.withLock { link = .idle }
        default: break
        }
    }

    // A local assigned inside but never used to decide: quiet.
    func count() {
        var n = 0
        lock.withLock { n = attempts }
        print(n)
        lock.withLock { link = .idle }
    }
}

// A cache fill decided through a local assigned inside: a race makes the value twice and keeps
// one, quiet by design.
final class Lookup: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Int] = [:]

    func value(for key: String) -> Int {
        var hit: Int?
        lock.withLock { hit = values[key] }
        if hit == nil {
            let made = key.count
            lock.withLock { values[key] = made }
            return made
        }
        return hit ?? 0
    }
}
