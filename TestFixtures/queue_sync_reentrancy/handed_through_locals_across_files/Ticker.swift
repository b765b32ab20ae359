import Foundation

// Quiet: the timer reaches the hand-out through a local copied from the one that made it, and
// its handler only counts, on the queue it runs on.
final class Ticker {
    let queue = DispatchQueue(label: "ticker")
    private var source: DispatchSourceTimer?
    var ticks = 0

    func begin() {
        let made = DispatchSource.makeTimerSource(queue: queue)
        var active: DispatchSourceTimer?
        active = made
        source = made
        active?.setEventHandler { [weak self] in self?.ticks += 1 }
        active?.schedule(deadline: .now(), repeating: 1)
        active?.resume()
    }

    var count: Int { queue.sync { ticks } }
}
