import Foundation

struct PlayerState {
    var volume = 1.0
    var muted = false
    var track: String?
}

/// Through a helper of the class that wraps the box: its closure still sees only fields.
final class Player {
    private let box = StateBox(PlayerState())

    private func update(_ change: (inout PlayerState) -> Void) {
        box.mutate(change)
    }

    func mute() {
        if box.read({ $0.volume > 0 }) {
            box.mutate { $0.muted = true }  // Quiet: 'muted' is not what was checked.
        }
    }

    func louder() {
        let v = box.read { $0.volume }
        box.mutate { $0.volume = v + 0.1 }  // expect: split_critical_section
    }

    func skip() {
        update { $0.track = nil }
    }
}
