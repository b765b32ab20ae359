import Foundation

// A parameter typed as the class, in a method without closures.
final class Mixer {
    func darken(_ target: Palette) {
        target.shade = 0 // expect: inconsistent_locking
    }

    // Quiet: a fresh palette, set up before anyone else can reach it.
    func makePalette() -> Palette {
        let p = Palette()
        p.shade = 3
        p.accent = "red"
        return p
    }
}

// A protocol in between: the reference is typed as a protocol only the palette adopts. The
// tool does not resolve protocol-typed references to their implementation, and stays quiet.
protocol Accented: AnyObject {
    var accent: String { get set }
}

extension Palette: Accented {}

final class Theme {
    let source: Accented
    init(source: Accented) { self.source = source }
    func reset() { source.accent = "none" }
}
