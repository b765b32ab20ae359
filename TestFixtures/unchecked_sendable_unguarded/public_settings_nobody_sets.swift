import Foundation

// Public settings of a public class that nothing in the run sets after init: any client can
// set them while another thread formats. Reported, and never told to become `let`s (that would
// break every client that sets them).
open class ReportFormatter: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    public var indent = 2
    public var separator = ", "

    public init() {}

    open func format(_ items: [String]) -> String {
        String(repeating: " ", count: indent) + items.joined(separator: separator)
    }
}

// Quiet: a setter closed to other modules, on vars only init assigns, in a class with work of
// its own: `let`s in all but name.
public final class FrozenFormatter: @unchecked Sendable {
    public internal(set) var width = 80
    public private(set) var fill = " "

    public init() {}

    public func pad(_ s: String) -> String { s + String(repeating: fill, count: max(0, width - s.count)) }
}

// Quiet: a `public` var of an internal class cannot be set outside the module either.
final class InternalFormatter: @unchecked Sendable {
    public var prefix = "> "

    func quote(_ s: String) -> String { prefix + s }
}

// A public class with no methods of its own, whose setter only its file can use: told to make
// it a `let`.
public final class Stamp: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    public fileprivate(set) var label = "draft"

    public init() {}
}

// Quiet: the public settings go through one lock, in the setters and where they are read.
public final class LockedFormatter: @unchecked Sendable {
    private let lock = NSLock()
    private var _indent = 2
    public var indent: Int {
        get { lock.withLock { _indent } }
        set { lock.withLock { _indent = newValue } }
    }

    public init() {}

    public func format(_ items: [String]) -> String {
        let n = lock.withLock { _indent }
        return String(repeating: " ", count: n) + items.joined()
    }
}
