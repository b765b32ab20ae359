import Foundation

public struct Console {
    public enum Output {
        // Knobs for clients: nothing in the run sets them (read in another file).
        public nonisolated(unsafe) static var sink: ((String) -> Void)? = nil
        public nonisolated(unsafe) static var prefix = "> "
        // Set in another file with no lock held: reported, naming that write.
        public nonisolated(unsafe) static var width = 80 // expect: nonisolated_unsafe
        // Only the module can set it, and nothing does: a `let`.
        public private(set) nonisolated(unsafe) static var columns = 2 // expect: nonisolated_unsafe
    }
}

public final class Registry {
    // An internal type of a public class: its `public` word opens nothing to clients.
    struct Entry {
        public nonisolated(unsafe) static var hits = 0 // expect: nonisolated_unsafe
    }
    public enum Flags {
        // Reached from code inlined into clients: set some other way, not judged.
        @usableFromInline nonisolated(unsafe) static var trace = false
    }
}
