import Foundation

extension Stream {
    // Reads the phase through its getter: one acquisition of the lock, like the getter.
    var isStreaming: Bool { phase == .streaming }

    // Reads two locking getters: two acquisitions, not one; not an acquisition of its own.
    var isBusy: Bool { phase == .streaming && retries > 0 }

    func drain() {
        guard isStreaming else { return }
        phase = .draining // expect: split_critical_section
    }

    func finish() {
        if self.isStreaming {
            self.phase = .finished // expect: split_critical_section
        }
    }

    // A check of something else than the phase: quiet.
    func drainIfBusy() {
        guard isBusy else { return }
        phase = .draining
    }

    // Nothing checked before the write: quiet.
    func stop() {
        phase = .finished
    }
}
