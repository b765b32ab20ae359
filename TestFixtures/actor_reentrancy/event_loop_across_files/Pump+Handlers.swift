import Foundation

extension Pump {
    // A wrapper between the loop and the handlers.
    private func dispatch(_ r: Int) async {
        if r > 0 { await record(r) } else { await alarm() }
    }

    // Reached only from the loop in the other file, through `dispatch` (quiet).
    private func record(_ r: Int) async {
        guard level != r else { return }
        await settle()
        level = r
    }

    // Reached from the loop and from `raise()`: calls can overlap.
    private func alarm() async {
        guard alarms < 5 else { return }
        await settle()
        alarms += 1 // expect: actor_reentrancy
    }

    private func settle() async { await Task.yield() }
}
