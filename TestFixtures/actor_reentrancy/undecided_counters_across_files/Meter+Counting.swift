import Foundation

// The actor is declared in another file: the same reading of `if`/`switch` statements applies.
extension Meter {
    func record(_ n: Int) async {
        switch self.dropped {
        case 0:
            label = "clean"
        case 1...3:
            label = "lossy"
        default:
            label = "bad"
        }
        await report(n)
        self.dropped += 1
    }

    // A guard on the property decides everything after it.
    func recordIfLow(_ n: Int) async {
        guard level < 3 else { return }
        await report(n)
        level += 1 // expect: actor_reentrancy
    }
}
