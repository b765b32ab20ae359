import Foundation

extension Transfer {
    /// Must run on the work queue.
    func refreshPhase() {
        func computed() -> Int {
            pauses == 0 ? 1 : 2
        }
        phase = computed()
    }

    // Fires: the nested function is handed to run later, off the queue.
    func refreshLater() {
        func report() {
            print(pauses) // expect: unchecked_sendable_unguarded
        }
        DispatchQueue.global().async(execute: report)
    }
}
