import Foundation

// The flag's type is declared in another file; the helper reaches it as `self.done`.
final class Downloader: @unchecked Sendable {
    private let done = LockedFlag()

    func step() {
        guard !self.done.isSet else { return }
        finish()
    }

    private func finish() {
        self.done.isSet = true
    }
}

// Cleared through another member of the flag object: the file does not only set it.
final class Poller: @unchecked Sendable {
    private let finished = LockedFlag()

    func step() {
        guard !finished.isSet else { return }
        complete() // expect: split_critical_section
    }

    private func complete() { finished.isSet = true }
    func rearm() { finished.clear() }
}
