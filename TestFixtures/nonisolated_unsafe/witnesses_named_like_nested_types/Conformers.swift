import KeyKit

// The conformer in one file, a class of the same name as the protocol nested in another file.
final class Theme {}

extension Theme: ThemeKey {
    nonisolated(unsafe) static var current = Theme()
}
