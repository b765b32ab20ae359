import Foundation

/// Shape 1: an instance property made with the generic argument in its initializer.
final class Commands {
    private let counts = Atomic<[String: Int]>(value: [:])

    func trigger(_ id: String) {
        counts.value[id] = 1 // expect: split_critical_section
        counts.value = [:]
    }
}
