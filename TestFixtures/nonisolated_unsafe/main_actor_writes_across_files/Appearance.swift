import Foundation

final class Appearance {
    func describe() -> String { "appearance" }
}

extension Appearance {
    @MainActor
    func apply(_ name: String) {
        Toggles.accent = name
    }
}
