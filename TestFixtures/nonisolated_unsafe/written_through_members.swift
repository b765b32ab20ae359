import Foundation

struct Theme {
    // Changed through a member from a function: written, with no lock.
    nonisolated(unsafe) static var `default` = Theme() // expect: nonisolated_unsafe
    // Only read through a member: reported, a `let` would do.
    nonisolated(unsafe) static var fallback = Theme() // expect: nonisolated_unsafe
    var accent = "blue"
    var spacing = 8
}

final class Palette {
    var colors: [String] = []
}

struct Registry {
    var entries = Palette()
}

enum Appearance {
    // A class instance changed through a member: reported, a `let` would do.
    nonisolated(unsafe) static var palette = Palette() // expect: nonisolated_unsafe
    // A struct whose member is a class instance, changed through that member's method:
    // reported, a `let` would do.
    nonisolated(unsafe) static var registry = Registry() // expect: nonisolated_unsafe
    // A value changed through a nested member with a compound assignment.
    nonisolated(unsafe) static var margins = Theme() // expect: nonisolated_unsafe
}

func applyAccent(_ name: String) {
    Theme.default.accent = name
    Appearance.palette.colors = [name]
    Appearance.margins.spacing += 4
    Appearance.registry.entries.colors.append(name)
    print(Theme.fallback.accent)
}
