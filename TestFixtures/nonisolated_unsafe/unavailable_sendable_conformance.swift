import Foundation

// A type that says it is not Sendable: the conformance is there only to be unavailable.
public struct PreparedQuery {
    var text: String
    var bindings: [Any] = []
}

@available(*, unavailable)
extension PreparedQuery: Sendable {}

final class QueryCache {
    // Quiet: the stored value is not Sendable, so the modifier is what lets it be shared.
    nonisolated(unsafe) let warmUp = PreparedQuery(text: "SELECT 1")
}

// Fires: a type that does conform; the modifier on its `let` is not needed.
public struct QueryName: Sendable {
    var text: String
}

final class NameCache {
    nonisolated(unsafe) let first = QueryName(text: "a") // expect: nonisolated_unsafe
}
