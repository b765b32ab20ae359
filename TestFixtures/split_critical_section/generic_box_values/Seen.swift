import Foundation

/// Shape 3: the generic argument in a type annotation, changed by a mutating method.
final class Seen {
    private let ids: Atomic<Set<String>> = Atomic(value: [])

    func mark(_ id: String) {
        ids.value.insert(id) // expect: split_critical_section
    }
}
