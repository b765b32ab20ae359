import Foundation
import Core

/// Shape 1: an instance property, a compound assignment.
final class Commands {
    private let sent = Locked<Int>(value: 0)

    func send() {
        sent.value += 1 // expect: split_critical_section
    }
}
