import Foundation

// Helpers that run the closure they are given on the main thread: at once when the caller is
// already there (`if Thread.isMainThread { block() }`), else handed to the main queue. State
// touched only inside such closures is confined to the main thread.

final class MainHop {
    func runOnMain(_ block: @escaping () -> Void) {
        if Thread.isMainThread {
            block()
        } else {
            DispatchQueue.main.async(execute: block)
        }
    }
}

func performOnMain(_ work: @escaping @Sendable () -> Void) {
    if Thread.isMainThread {
        work()
    } else {
        DispatchQueue.main.async { work() }
    }
}

/// Runs the closure where the caller is when that is main, else on a global queue: not main.
func performSomewhere(_ work: @escaping @Sendable () -> Void) {
    if Thread.isMainThread {
        work()
    } else {
        DispatchQueue.global().async { work() }
    }
}

/// Runs the closure on the main queue, and once more where the caller is: not only main.
func performTwice(_ work: @escaping @Sendable () -> Void) {
    DispatchQueue.main.async { work() }
    work()
}

/// Quiet: 'taps' is touched only in closures a method of the file runs on the main thread.
final class TapCounter: @unchecked Sendable {
    private var taps = 0
    private let hop = MainHop()

    func tap() { hop.runOnMain { self.taps += 1 } }
    func reset() { hop.runOnMain { self.taps = 0 } }
}

/// Quiet: the same through a free function, with the closure in parentheses.
final class Badge: @unchecked Sendable {
    private var count = 0

    func bump() { performOnMain({ self.count += 1 }) }
}

/// Fires: the helper runs the closure on a global queue when the caller is off main.
final class Gauge: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private var value = 0

    func set(_ v: Int) { performSomewhere { self.value = v } }
}

/// Fires: the helper also runs the closure where the caller is.
final class Ticker: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private var ticks = 0

    func tick() { performTwice { self.ticks += 1 } }
}
