import Foundation

enum TapeState { case idle, recording, stopped }

// A concurrent queue used as a reader-writer lock: a plain `sync` block reads, a barrier block
// writes. A read in one block and a write it decides in a later barrier block are two
// acquisitions: another barrier block can run between them.
final class TapeDeck: @unchecked Sendable {
    private let access = DispatchQueue(label: "tape", attributes: .concurrent)
    private var state = TapeState.idle
    private var takes = 0
    private var started = 0

    // The if-check around the barrier block.
    func record() {
        let now = access.sync { state }
        if now == .idle {
            access.async(flags: .barrier) { self.state = .recording } // expect: split_critical_section
        }
    }

    // The guard-return spelling, with a waiting barrier block.
    func nextTake(limit: Int) -> Bool {
        let count = access.sync { takes }
        guard count < limit else { return false }
        access.sync(flags: .barrier) { takes = count + 1 } // expect: split_critical_section
        return true
    }

    // Near-miss: the barrier block reads the state again before writing it.
    func recordChecked() {
        let now = access.sync { state }
        if now == .idle {
            access.async(flags: .barrier) {
                if self.state == .idle { self.state = .recording }
            }
        }
    }

    // Near-miss: the write does not depend on what was read.
    func noteStart() -> TapeState {
        let now = access.sync { state }
        access.async(flags: .barrier) { self.started += 1 }
        return now
    }

    // Near-miss: one barrier block decides and writes.
    func recordAtOnce() -> Bool {
        access.sync(flags: .barrier) {
            guard state == .idle else { return false }
            state = .recording
            return true
        }
    }

    func stop() { access.async(flags: .barrier) { self.state = .stopped } }
}

// Near-miss: a queue the tool cannot see to be concurrent is not read as a reader-writer lock.
final class LoopDeck: @unchecked Sendable {
    private let line: DispatchQueue
    private var state = TapeState.idle

    init(line: DispatchQueue) { self.line = line }

    func record() {
        let now = line.sync { state }
        if now == .idle {
            line.async(flags: .barrier) { self.state = .recording }
        }
    }

    func stop() { line.async(flags: .barrier) { self.state = .stopped } }
}
