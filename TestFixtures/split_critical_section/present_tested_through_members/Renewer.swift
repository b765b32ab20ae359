import Foundation

// Through a getter and a method of the type that each take its lock, from another file.
extension Lease {
    func renewIfDue(_ name: String) {
        if let due = currentExpiry, due < Date() {
            renew(for: name) // expect: split_critical_section
        }
    }

    // Quiet: present but not tested further; the renewal does not come from the value.
    func renewIfHeld(_ name: String) {
        if let _ = currentExpiry {
            renew(for: name)
        }
    }
}
