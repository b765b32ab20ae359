import Foundation

// The wrapped properties' types are structs of another file: a member changed through the
// wrapper is read in one hold and written back in another.
final class Cache: @unchecked Sendable {
    @Atomic var stats = Stats()
    @Atomic var only: Only = Only()
    @Exclusive var guarded = Stats()

    func hit(_ name: String) {
        stats.hits += 1 // expect: split_critical_section
        stats.names.append(name) // the same property again: a note on line 11's finding
        // The only stored var of its struct: a whole overwrite. Quiet.
        only.stamp = 1
        // The wrapper holds its lock across the change. Quiet.
        guarded.misses += 1
        // A whole value written. Quiet.
        stats = Stats()
    }
}
