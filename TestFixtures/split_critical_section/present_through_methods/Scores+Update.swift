import Foundation

// The read is a method that locks, the write another (declared in another file): a score found
// present and stored back raised is lost when another caller raised it in between.
extension Scores {
    func raise(_ name: String, by points: Int) {
        if let current = score(for: name) {
            setScore(current + points, for: name) // expect: split_critical_section
        }
    }

    // A score found absent and filled: a duplicate insert of the same start value (quiet).
    func enter(_ name: String) {
        if score(for: name) == nil {
            setScore(0, for: name)
        }
    }

    // One acquisition for the whole change: quiet.
    func raiseAtomically(_ name: String, by points: Int) {
        lock.withLock { table[name, default: 0] += points }
    }
}
