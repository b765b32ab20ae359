import Foundation

// A dependency held strongly whose every implementation in the run holds only values cannot
// call back into its caller: the lock is held to make the load, change and save one step.

protocol ScoreLedger {
    func load() -> [String: Int]
    func save(_ scores: [String: Int])
}

final class MemoryScoreLedger: ScoreLedger {
    private let guardLock = NSLock()
    private var stored: [String: Int] = [:]
    func load() -> [String: Int] { guardLock.withLock { stored } }
    func save(_ scores: [String: Int]) { guardLock.withLock { stored = scores } }
}

struct DiskScoreLedger: ScoreLedger {
    let folder: URL
    let name = "scores.plist"
    func load() -> [String: Int] { [:] }
    func save(_ scores: [String: Int]) {}
}

final class Scoreboard {
    private let lock = NSLock()
    private let ledger: ScoreLedger
    private var lastPlayer: String?

    init(ledger: ScoreLedger) { self.ledger = ledger }

    func add(_ points: Int, to player: String) {
        lock.lock()
        defer { lock.unlock() }
        var scores = ledger.load()
        scores[player, default: 0] += points
        ledger.save(scores)
        lastPlayer = player
    }
}

// Near miss: one implementation keeps a closure handed to it, which can be anyone's code.
protocol ScoreSink {
    func publish(_ total: Int)
}

final class ForwardingScoreSink: ScoreSink {
    var onPublish: ((Int) -> Void)?
    func publish(_ total: Int) { onPublish?(total) }
}

struct SilentScoreSink: ScoreSink {
    func publish(_ total: Int) {}
}

final class Tally {
    private let lock = NSLock()
    private var total = 0
    private let sink: ScoreSink

    init(sink: ScoreSink) { self.sink = sink }

    func add(_ points: Int) {
        lock.withLock {
            total += points
            sink.publish(total) // expect: recursive_lock
        }
    }
}

// Near miss: a weak reference is a delegate, whatever its implementations hold today.
protocol TallyWatcher: AnyObject {
    func tallyChanged()
}

final class QuietTallyWatcher: TallyWatcher {
    var count = 0
    func tallyChanged() { count += 1 }
}

final class WatchedTally {
    private let lock = NSLock()
    private var total = 0
    weak var watcher: TallyWatcher?

    func add(_ points: Int) {
        lock.withLock {
            total += points
            watcher?.tallyChanged() // expect: recursive_lock
        }
    }
}
