import Foundation

// The hand-off is a closure that captures `self` and runs on another queue.
final class Ticker: @unchecked Sendable {
    private let queue = DispatchQueue(label: "ticker")
    private var ticks = 0

    init(start: Int) {
        self.seed(start)
        queue.async { [weak self] in
            self?.tick()
        }
    }

    private func seed(_ start: Int) {
        ticks = start
    }

    func tick() {
        queue.async {
            self.ticks += 1
        }
    }
}

final class EagerTicker: @unchecked Sendable {
    private let queue = DispatchQueue(label: "eager")
    private var ticks = 0

    init(start: Int) {
        queue.async { [weak self] in
            self?.tick()
        }
        self.seed(start)
    }

    private func seed(_ start: Int) {
        ticks = start // expect: unchecked_sendable_unguarded
    }

    func tick() {
        queue.async {
            self.ticks += 1
        }
    }
}
