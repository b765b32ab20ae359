import Foundation

// A hook that tests replace to observe failures: test code in the run writes it, so it is no
// `let` to be.
nonisolated(unsafe) var onFailure: (String) -> Void = { print($0) }

// Set by tests through the module's name.
nonisolated(unsafe) var retryBudget = 3

// Set by tests from a protocol extension's method.
nonisolated(unsafe) var clockOverride: (() -> Double)? = nil

// Nothing in the run writes this one: as a `let` it may need no modifier.
nonisolated(unsafe) var banner = "ready" // expect: nonisolated_unsafe

func fail(_ why: String) {
    if retryBudget > 0 { print(banner) }
    onFailure(why)
    _ = clockOverride?()
}
