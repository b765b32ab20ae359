import Foundation
import Core

/// Near miss: `Atomic` is declared by two other modules of the run (`Core` and `Sync`).
final class Totals {
    private let total = Atomic<Int>(value: 0)
    func add() { total.value += 1 }
}
