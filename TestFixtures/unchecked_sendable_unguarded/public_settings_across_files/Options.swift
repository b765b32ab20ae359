import Foundation

// A public class whose work is in an extension in another file: its public var is settable by
// clients, though nothing in the run sets it. Its private var only init assigns: that one can
// be a `let`.
public final class JSONWriter: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    public var prettyPrinted = false
    private var depthLimit = 64

    public init() {}
}

public enum Encoding {
    // A public class inside a public namespace: the same.
    public final class TreeWriter: @unchecked Sendable { // expect: unchecked_sendable_unguarded
        public var sortedKeys = false

        public init() {}

        public func write(_ keys: [String]) -> String { (sortedKeys ? keys.sorted() : keys).joined() }
    }
}

enum Internals {
    // The same class in an internal namespace: no client can set the var, and the class only
    // reads it: quiet.
    final class TextWriter: @unchecked Sendable {
        public var prettyPrinted = false

        init() {}

        func write(_ value: [String]) -> String { value.joined(separator: prettyPrinted ? "\n" : " ") }
    }
}
