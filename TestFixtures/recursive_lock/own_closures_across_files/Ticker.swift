import Foundation

// A stored closure that holds the type's own method, or a closure it builds that calls nothing
// handed in: not code from outside.
final class Ticker {
    private let lock = NSLock()
    private var ticks = 0
    private var onTick: (() -> Void)?
    private let format: (Int) -> String
    weak var listener: TickListener?

    init() {
        format = { value in "tick \(value)" }
        onTick = self.recordTick
    }

    func tick() {
        lock.withLock {
            ticks += 1
            onTick?()
            print(format(ticks))
            listener?.didTick(ticks) // expect: recursive_lock
        }
    }

    private func recordTick() { print("recorded") }
}
