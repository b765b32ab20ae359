import Foundation

/// Shape 2: a static member reached through `Self.`, a dictionary of flags.
final class Responses {
    static let pending = Atomic<[String: Bool]>(value: [:])

    func expect(_ id: String) {
        Self.pending.value[id] = true // expect: split_critical_section
    }
}
