import Foundation

public protocol Retrying: AnyObject {
    var attempts: Int { get set }
}

// A public requirement's witness: clients set it through the protocol as well as directly.
public final class RetryPolicy: Retrying, @unchecked Sendable { // expect: unchecked_sendable_unguarded
    public var attempts = 3
    open var backoff: Double = 0.5

    public init() {}

    public func delay(after n: Int) -> Double { n < attempts ? backoff * Double(n) : 0 }
}

// The same policy held by a wrapper that hands it out: still public settings nobody here sets.
public final class Client: @unchecked Sendable {
    public let policy: RetryPolicy

    public init(policy: RetryPolicy) { self.policy = policy }

    public func nextDelay(_ n: Int) -> Double { policy.delay(after: n) }
}

// Quiet: the conformance is internal and the class is private to the file; its var is a
// `let` in all but name, and no other class is told anything.
private final class LocalPolicy: @unchecked Sendable {
    let attempts = 1
}
