import Foundation
import Core

/// Shape 2: a static member reached through the type's name, a dictionary entry set.
final class Responses {
    static var pending = Locked<[String: Bool]>(value: [:])

    func expect(_ id: String) {
        Responses.pending.value[id] = true // expect: split_critical_section
    }
}
