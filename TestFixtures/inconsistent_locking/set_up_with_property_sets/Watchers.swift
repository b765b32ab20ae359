import Foundation

// Another spelling: a `var` local, a plain value set on it, a method with a label.
final class Watcher {
    private let queue = DispatchQueue(label: "watcher")
    private var ticks = 0
    var interval = 1.0

    func begin(after delay: Double) {
        ticks = 0
        queue.asyncAfter(deadline: .now() + delay) { self.ticks += 1 }
    }
}

func makeWatcher() -> Watcher {
    var watcher = Watcher()
    watcher.interval = 5
    watcher.begin(after: 1)
    return watcher
}

// Near miss: the value set on it captures the local, so the local may be shared from there on:
// `begin` is not set-up.
final class Ticker {
    private let queue = DispatchQueue(label: "ticker")
    private var count = 0
    var onTick: (() -> Void)?

    func begin() {
        count = 0 // expect: inconsistent_locking
        queue.async { self.count += 1 }
    }
}

func makeTicker() -> Ticker {
    let ticker = Ticker()
    ticker.onTick = { ticker.begin() }
    ticker.begin()
    return ticker
}
