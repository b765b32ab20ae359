import Foundation

public struct RuntimeTuning {}

/// Members of a `public extension` with no access word are public: clients of the module set
/// them, so they are not "never written", and `let` is not offered.
public extension RuntimeTuning {
    /// Depth of relationships to fetch.
    nonisolated(unsafe) static var fetchDepth = 2 // expect: nonisolated_unsafe
    nonisolated(unsafe) static var prefetches = false // expect: nonisolated_unsafe

    // Not public: an `internal` or `private` member of it is seen whole by the run (a `let`).
    internal nonisolated(unsafe) static var internalDepth = 3 // expect: nonisolated_unsafe
    private nonisolated(unsafe) static var hidden = 1 // expect: nonisolated_unsafe

    static func depthAllowed(_ d: Int) -> Bool { d <= fetchDepth && d <= internalDepth && d <= hidden && prefetches }
}

/// Another spelling: `open`/`public` word on the member of a plain extension of a public class.
open class Knobs {}
extension Knobs {
    nonisolated(unsafe) public static var retries = 3 // expect: nonisolated_unsafe
    // No access word in a plain extension: seen whole by the run.
    nonisolated(unsafe) static var backoff = 1.5 // expect: nonisolated_unsafe
    static func total() -> Double { Double(retries) * backoff }
}

/// A type nested in a public extension: its own members default to internal.
public extension RuntimeTuning {
    enum Limits {
        nonisolated(unsafe) static var pageSize = 25 // expect: nonisolated_unsafe
        static func pages(_ n: Int) -> Int { n / pageSize }
    }
}

/// Quiet: a public extension member written under a lock the run sees.
public extension RuntimeTuning {
    // nonisolated(unsafe) guarded by `tuningLock`: every access takes it.
    nonisolated(unsafe) static var guardedDepth = 2
}
