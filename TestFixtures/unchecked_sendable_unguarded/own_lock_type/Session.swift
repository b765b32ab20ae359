/// A class with no lock in a module that has its own lock type: reported once, and the advice
/// names that type (checked in FixItSafetyTests).
final class Session: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private var token: String?
    func update(_ t: String) { token = t }
    func read() -> String? { token }
}

/// A class that already keeps its state in the module's lock type.
final class Store: @unchecked Sendable {
    private let items = Protected<[Int]>([])
    func add(_ i: Int) { items.withLock { $0.append(i) } }
}
