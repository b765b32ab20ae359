import Foundation

// `if case` / `guard case` bind names that hide stored properties only where they are in scope.
extension DeliveryDesk {
    enum Note {
        case text(String)
        case amount(Int)
    }
}

final class NoteBoard {
    private let lock = NSLock()
    private var text: String = ""
    private var amount: Int = 0

    // Quiet: the bound names are locals in the if body and the rest of the guard's scope.
    func post(_ note: DeliveryDesk.Note, _ other: Any) {
        if case let .text(text) = note {
            lock.withLock { self.text = text }
        }
        if case .text(let text) = note, text.isEmpty {
            lock.withLock { self.text = text }
        }
        guard case .amount(let amount) = note else { return }
        lock.withLock { self.amount = amount }
        print(amount)
    }

    // Fires: after the if's body, `text` is the property again.
    func echo(_ note: DeliveryDesk.Note) {
        if case .text(let text) = note {
            lock.withLock { self.text = text }
        }
        print(text) // expect: inconsistent_locking
    }

    func readText() -> String { lock.withLock { text } }
    func readAmount() -> Int { lock.withLock { amount } }
}
