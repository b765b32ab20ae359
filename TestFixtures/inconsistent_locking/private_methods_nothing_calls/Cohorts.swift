import Foundation

// A private method that nothing calls runs in no run of the code: its bare read is no
// evidence either way. A private method that is called is judged like any other.
final class Cohorts {
    private let queue = DispatchQueue(label: "cohorts")
    private var store: [String: Date] = [:]

    func enroll(_ name: String) {
        queue.sync { store[name] = Date() }
    }

    func date(of name: String) -> Date? {
        queue.sync { store[name] }
    }

    // Quiet: nothing calls it (`enrollmentDate(for:)` in this comment is no call).
    private func enrollmentDate(for name: String) -> Date? {
        store[name]
    }

    // Fires: `isEnrolled(_:)` calls it with nothing held.
    private func has(_ name: String) -> Bool {
        store[name] != nil // expect: inconsistent_locking
    }

    func isEnrolled(_ name: String) -> Bool { has(name) }
}
