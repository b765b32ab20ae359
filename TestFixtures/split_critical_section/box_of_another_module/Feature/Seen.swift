import Foundation
import Core

/// Shape 3: a type annotation, a mutating method.
final class Seen {
    private let ids: Locked<Set<String>> = Locked(value: [])

    func mark(_ id: String) {
        ids.value.insert(id) // expect: split_critical_section
    }
}
