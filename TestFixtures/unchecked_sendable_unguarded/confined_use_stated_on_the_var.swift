import Foundation

/// A var whose comment confines its use to one owner (`only modify this from …`, with the verb's
/// object between the verb and the place) states a contract the tool cannot see: quiet. The same
/// class without the comment, or with a comment that names no place, is reported.
final class Subscription: @unchecked Sendable {
    let id: Int
    /// We very carefully only modify this from the owning actor (the registry).
    var seen: Set<Int> = []

    init(id: Int) { self.id = id }

    func offer(_ x: Int) -> Bool { seen.insert(x).inserted }
}

final class Listener: @unchecked Sendable {
    // Only call it on the listener's queue.
    var pending: [String] = []

    func add(_ s: String) { pending.append(s) }
}

final class Unstated: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    /// Only modify this carefully.
    var seen: Set<Int> = []

    func offer(_ x: Int) -> Bool { seen.insert(x).inserted }
}
