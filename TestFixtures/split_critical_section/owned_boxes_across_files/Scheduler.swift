import Foundation

// Another file, another spelling (`self.engine`): the lock the engine stores is named.
final class Scheduler {
    private let engine = Engine()

    // The engine's `lock` guards 'queued': named as 'engine.lock', and the state as 'engine.queued'.
    func drain() {
        let n = self.engine.pending
        if n > 0 {
            self.engine.setPending(n - 1) // expect: split_critical_section
        }
    }

    // The engine's `mode` box: named as 'engine.mode'.
    func toggle() {
        let m = engine.currentMode
        if m == 0 {
            engine.setMode(1) // expect: split_critical_section
        }
    }

    // Quiet: the check reads 'queued', the act writes only 'label'.
    func tag() {
        guard engine.pending > 0 else { return }
        engine.rename("busy")
    }
}
