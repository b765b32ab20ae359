import Foundation

protocol Advancing {
    mutating func advance()
}

struct Sequence2: Advancing {
    var step = 0
    mutating func advance() { step += 1 }
    func describe() -> String { "\(step)" }
}

struct Preferences {
    // Changed through a member in a file of another folder: written somewhere in the run, so
    // never "never written".
    nonisolated(unsafe) static var current = Preferences()
    // Only read through a member, in the other files too: reported, a `let` would do.
    nonisolated(unsafe) static var limits = Preferences() // expect: nonisolated_unsafe
    var title = ""
}

enum Counters {
    // Advanced through a mutating method (declared by a protocol the struct adopts) in another
    // file of this folder, with no lock: written.
    nonisolated(unsafe) static var pages = Sequence2() // expect: nonisolated_unsafe
    // Only its non-mutating method is called, in another file: the tool does not claim more
    // than it sees there, and says nothing.
    nonisolated(unsafe) static var lines = Sequence2()
}
