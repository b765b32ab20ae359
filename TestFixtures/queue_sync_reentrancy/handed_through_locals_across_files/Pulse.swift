import Foundation

// Near miss: the same copy of locals, and the handler reaches the sync through a method.
final class Pulse {
    let queue = DispatchQueue(label: "pulse")
    private var beats = 0

    func begin() {
        let made = DispatchSource.makeTimerSource(queue: queue)
        var active: DispatchSourceTimer?
        active = made
        active?.setEventHandler { [weak self] in self?.report() }
        active?.resume()
    }

    private func report() {
        beats += 1
        print(count)
    }

    var count: Int { queue.sync { beats } } // expect: queue_sync_reentrancy
}
