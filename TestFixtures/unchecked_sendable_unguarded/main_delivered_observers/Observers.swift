import Foundation

// Closure-based: its only mutator is a closure the relay calls from a method the station calls
// on the main queue. Main-confined.
final class LevelBadge: @unchecked Sendable {
    private var level = 0
    private var relay: StationRelay?

    init(station: Station) {
        let relay = StationRelay(onChange: { [weak self] level in
            self?.show(level)
        })
        self.relay = relay
        station.add(relay)
    }

    private func show(_ level: Int) { self.level = level }
}

// Closure-based, but one closure is called from a method the station calls off the main queue.
final class FailureBadge: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private var level = 0
    private var failures = 0
    private var relay: StationRelay?

    init(station: Station) {
        let relay = StationRelay(onChange: { [weak self] level in
            self?.update(level)
        }, onFail: { [weak self] _ in
            self?.countFailure()
        })
        self.relay = relay
        station.add(relay)
    }

    private func update(_ level: Int) { self.level = level }
    private func countFailure() { failures += 1 }
}

// Protocol-delegate: the station calls this method only inside `DispatchQueue.main.async`.
final class LevelLog: StationObserver, @unchecked Sendable {
    private var entries: [Int] = []

    func station(_ station: Station, didChange level: Int) { entries.append(level) }
}

// Protocol-delegate: one of its methods is called off the main queue.
final class FailureLog: StationObserver, @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private var entries: [Int] = []

    func station(_ station: Station, didChange level: Int) { entries.append(level) }
    func station(_ station: Station, didFail code: Int) { entries.append(-code) }
}
