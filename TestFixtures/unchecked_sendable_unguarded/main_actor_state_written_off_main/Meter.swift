import Foundation

// Another shape: a thread of its own, in an extension in another file (Meter+Sampling.swift).
final class Meter: @unchecked Sendable {
    var peak = 0.0

    @MainActor func display() -> String { "\(peak)" }

    func update(_ v: Double) {
        DispatchQueue.main.async { self.peak = max(self.peak, v) }
    }
}
