import Foundation

// Callers in another file keep the contract.
final class DriveWorker {
    let status: DriveStatus

    init(status: DriveStatus) { self.status = status }

    func processed(_ user: String) {
        status.syncQueue.sync {
            status[user] += 1
            _ = status.seen()
        }
    }
}
