final class Screens {
    struct ThemeKey {
        let raw: String
    }
    func key() -> ThemeKey { ThemeKey(raw: "dark") }
}
