import Foundation

public struct Theme {}

/// Public all the way down: a type with no access word in a public extension is public, and so
/// is a `public` type inside it. Knobs for clients, never written in the run: quiet.
public extension Theme {
    enum Palette {
        public struct Shades {
            public nonisolated(unsafe) static var accent = "blue"
            public nonisolated(unsafe) static var onChange: (() -> Void)? = nil
        }
        // An internal type in between: its members are the module's own.
        internal struct Hidden {
            public nonisolated(unsafe) static var tone = 1 // expect: nonisolated_unsafe
        }
        static func describe() -> String { Shades.accent + "\(Hidden.tone)" }
    }
}

/// A plain extension of a public type gives its types no access: internal.
extension Theme {
    enum Mode {
        public nonisolated(unsafe) static var dark = false // expect: nonisolated_unsafe
        static var isDark: Bool { dark }
    }
}

/// A private extension closes everything in it.
private extension Theme {
    enum Scratch {
        public nonisolated(unsafe) static var scale = 2.0 // expect: nonisolated_unsafe
        static func scaled(_ x: Double) -> Double { x * scale }
    }
}
