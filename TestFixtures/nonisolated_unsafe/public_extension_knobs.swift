import Foundation

public struct RuntimeTuning {}

/// Members of a `public extension` with no access word are public: clients of the module set
/// them. Nothing in the run writes these: knobs for clients, not "never written", and quiet.
public extension RuntimeTuning {
    /// Depth of relationships to fetch.
    nonisolated(unsafe) static var fetchDepth = 2
    nonisolated(unsafe) static var prefetches = false

    // Not public: an `internal` or `private` member of it is seen whole by the run (a `let`).
    internal nonisolated(unsafe) static var internalDepth = 3 // expect: nonisolated_unsafe
    private nonisolated(unsafe) static var hidden = 1 // expect: nonisolated_unsafe

    static func depthAllowed(_ d: Int) -> Bool { d <= fetchDepth && d <= internalDepth && d <= hidden && prefetches }
}

/// Another spelling: `open`/`public` word on the member of a plain extension of a public class.
open class Knobs {}
extension Knobs {
    nonisolated(unsafe) public static var retries = 3
    // No access word in a plain extension: seen whole by the run.
    nonisolated(unsafe) static var backoff = 1.5 // expect: nonisolated_unsafe
    static func total() -> Double { Double(retries) * backoff }
}

/// A type nested in a public extension: its own members default to internal.
public extension RuntimeTuning {
    enum Limits {
        nonisolated(unsafe) static var pageSize = 25 // expect: nonisolated_unsafe
        static func pages(_ n: Int) -> Int { n / pageSize }
        // The type is public (no access word, in a public extension): a `public` member of it is
        // a knob for clients.
        public nonisolated(unsafe) static var onPage: ((Int) -> Void)? = nil
        public nonisolated(unsafe) static var pageLimit = 100
        static func next(_ n: Int) -> Int { min(n + 1, pageLimit) }
    }
}

/// Quiet: a public extension member written under a lock the run sees.
public extension RuntimeTuning {
    // nonisolated(unsafe) guarded by `tuningLock`: every access takes it.
    nonisolated(unsafe) static var guardedDepth = 2
}

/// A public knob the module itself also sets, under its own lock: clients setting it take no
/// lock, so it is reported (never as a `let` to be).
public enum Sampling {
    static let lock = NSLock()
    public nonisolated(unsafe) static var rate = 1.0 // expect: nonisolated_unsafe
    static func reset() { lock.withLock { rate = 1.0 } }
    static func scaled(_ x: Double) -> Double { x * rate }
    // Set by the module with no lock held: reported for that write.
    public nonisolated(unsafe) static var burst = 4 // expect: nonisolated_unsafe
    static func widen() { burst *= 2 }
}
