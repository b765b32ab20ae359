import Foundation

// The changes are in another file, on the type's own accessors and through a property of it.
extension Mailbox {
    func deliver(_ letter: String) {
        letters.append(letter) // expect: split_critical_section
    }

    func markOpened(_ letter: String) {
        opened[letter] = true // expect: split_critical_section
    }

    // One acquisition: quiet.
    func clearOpened() {
        spin.apply { _opened.removeAll() }
    }
}
