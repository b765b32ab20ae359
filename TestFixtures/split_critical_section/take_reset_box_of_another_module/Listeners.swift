import Foundation
import Shared

// The box types are declared in other modules of the run (sub-folders): `Guarded` in one,
// whose member's getter and setter each lock; `Cell` in two, each with a locking `contents`:
// which one this module means cannot be told, so nothing is said of it.
final class Listeners: @unchecked Sendable {
    private let handlers: Guarded<[() -> Void]>
    private let cell: Cell<[Int]>

    init(handlers: Guarded<[() -> Void]>, cell: Cell<[Int]>) {
        self.handlers = handlers
        self.cell = cell
    }

    func fireAndClear() {
        let pending = self.handlers.wrappedValue
        pending.forEach { $0() }
        self.handlers.wrappedValue = [] // expect: split_critical_section
    }

    func drain() {
        let items = cell.contents
        for i in items { print(i) }
        cell.contents = []
    }

    // One acquisition through the box's closure method: quiet.
    func fireAndClearAtOnce() {
        let pending = handlers.withValue { value -> [() -> Void] in
            let old = value
            value = []
            return old
        }
        pending.forEach { $0() }
    }
}
