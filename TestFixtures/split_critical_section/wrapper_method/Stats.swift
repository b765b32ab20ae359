import Foundation

final class Stats: @unchecked Sendable {
    @Atomic var hits = 0
    @Atomic var names: [String] = []

    func hit() {
        _hits.set(hits + 1) // expect: split_critical_section
    }

    // Through the projected value, and a local made from the read.
    func remember(_ name: String) {
        let known = names
        let updated = known + [name]
        $names.set(updated) // expect: split_critical_section
    }

    // The change made in one acquisition: quiet.
    func hitAtomically() {
        _hits.mutate { $0 += 1 }
    }

    // A value that does not come from the read: quiet.
    func clear() {
        print(names.count)
        $names.set([])
    }
}
