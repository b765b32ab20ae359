import Foundation

// `(unsafe)` applies to stored variables alone: on a function, an initializer or a subscript
// the modifier is plain `nonisolated`, and the compiler still checks the body. Not reported;
// the stored variables beside them are judged as always.

public final class Post: @unchecked Sendable {
    public let id: Int
    nonisolated(unsafe) public var upvoted: Bool // expect: nonisolated_unsafe

    public init(id: Int, upvoted: Bool) {
        self.id = id
        self.upvoted = upvoted
    }

    public func toggle() {
        upvoted.toggle()
    }
}

extension Post: Hashable {
    nonisolated(unsafe) public static func == (lhs: Post, rhs: Post) -> Bool {
        lhs.id == rhs.id
    }

    nonisolated(unsafe) public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}
