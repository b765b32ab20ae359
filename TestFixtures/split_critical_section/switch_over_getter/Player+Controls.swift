import Foundation

// The switch is over a getter that locks (declared in another file), and a case writes through a
// method that locks again: two callers can both see `.stopped` and both start.
extension Player {
    func toggle() {
        switch state {
        case .stopped, .paused:
            setState(.playing) // expect: split_critical_section
        case .playing:
            print("already playing")
        }
    }

    // Through `self.` and a local holding the getter's value.
    func pause() {
        let now = self.state
        switch now {
        case .playing:
            self.setState(.paused) // expect: split_critical_section
        default:
            break
        }
    }

    // Decided and written in one acquisition: quiet.
    func toggleAtomically() {
        lock.withLock {
            switch _state {
            case .playing: _state = .paused
            default: _state = .playing
            }
        }
    }

    // A switch over what a call makes of the value is the call's decision: quiet.
    func follow(_ policy: (PlayState) -> PlayState?) {
        switch policy(state) {
        case let next?: setState(next)
        case nil: break
        }
    }

    // A switch over an argument, not over the value read: quiet.
    func apply(_ command: Int) {
        print(state)
        switch command {
        case 0: setState(.stopped)
        default: break
        }
    }
}
