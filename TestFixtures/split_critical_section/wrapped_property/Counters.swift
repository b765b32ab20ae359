import Foundation

final class Counters: @unchecked Sendable {
    @Locked var hits = 0
    @Locked var names: [String] = []
    @Locked var byID: [Int: String] = [:]
    @Locked var delegate: NSObject? = nil
    @Guarded var misses = 0
    @Guarded var seen: [String] = []

    init() {
        hits += 0
    }

    func record(_ name: String, id: Int) {
        hits += 1 // expect: split_critical_section
        names.append(name) // expect: split_critical_section
        self.byID[id] = name // expect: split_critical_section
        names.removeAll { $0.isEmpty } // the same property again: a note on line 17's finding
        // A whole read and a whole write made from it: the same lost update as line 17, a note
        // on that finding.
        let copy = names
        names = copy + [name]
        print(hits, byID.count)
        // A reference: a member write goes to the object, not through the setter.
        delegate?.accessibilityLabel = name
        // The wrapper holds its lock across the mutation.
        misses += 1
        seen.append(name)
    }
}
