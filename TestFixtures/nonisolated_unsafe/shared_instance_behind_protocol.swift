import Foundation

protocol Store: AnyObject {
    func save(_ value: Int)
}

final class MemoryStore: Store {
    private(set) var values: [Int] = []
    func save(_ value: Int) { values.append(value) }
}

enum Stores {
    // Declared as the protocol: what the instance is, is not known from the declaration.
    nonisolated(unsafe) static let store: any Store = MemoryStore()
    // Declared as the class: one mutable instance, shared.
    nonisolated(unsafe) static let memory = MemoryStore() // expect: nonisolated_unsafe
}
