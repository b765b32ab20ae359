import Foundation

// A method whose every caller runs on the work queue computes its result in a nested
// function: the nested function runs there too, where it is called.
final class Transfer: @unchecked Sendable {
    private let workQueue = DispatchQueue(label: "transfer.work")
    private var pauses = 0
    private var phase = 0

    func pause() {
        workQueue.sync {
            self.pauses += 1
            self.refreshPhase()
        }
    }

    func resume() {
        workQueue.sync {
            if self.pauses > 0 { self.pauses -= 1 }
            self.refreshPhase()
        }
    }

    var currentPhase: Int { workQueue.sync { phase } }
}
