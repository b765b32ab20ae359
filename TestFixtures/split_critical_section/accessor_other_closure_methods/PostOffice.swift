import Foundation

// Through a property of the type, from a type of another file.
final class PostOffice: @unchecked Sendable {
    let box = Mailbox()
    private let desk = NSLock()

    func sort(_ letter: String) {
        box.letters.append(letter) // expect: split_critical_section
    }

    // The caller holds a lock of its own around the change: quiet.
    func sortAtDesk(_ letter: String) {
        desk.withLock { box.letters.append(letter) }
    }
}
