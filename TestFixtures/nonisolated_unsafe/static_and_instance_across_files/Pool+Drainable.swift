import Foundation

// In another file: `Self.`/`Pool.` name the static members, `self.` the instance ones.
extension Pool: Drainable {
    static func drainAll() { Self.free = 0; Pool.borrowed = 0 }
    func take() { [1].forEach { _ in self.borrowed += 1 } }
    func report() -> String { "\(free) \(Self.free) \(borrowed)" }
}
