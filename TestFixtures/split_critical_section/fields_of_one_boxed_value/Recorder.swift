import Foundation

struct RecorderState {
    var stream: String?
    var timer: Int?
    var frames = 0
}

/// The check reads one field and the act writes another: nothing the act writes was checked.
final class Recorder {
    private let state = StateBox(RecorderState())

    func stop() -> Bool {
        guard let stream = state.read({ $0.stream }) else { return false }  // Quiet: the write below sets 'timer' only.
        state.mutate { $0.timer = nil }
        print(stream)
        return true
    }

    func countFrame() {
        let n = state.read { $0.frames }
        state.mutate { $0.frames = n + 1 }  // expect: split_critical_section
    }
}
