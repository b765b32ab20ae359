import Foundation

extension Session {
    func flush() {
        if DispatchQueue.getSpecific(key: Session.queueKey) == ObjectIdentifier(workQueue) {
            pendingCount = 0
        } else {
            workQueue.sync { pendingCount = 0 }
        }
    }

    // Fires: the branch that does not run on the queue.
    func peek() -> Int {
        if DispatchQueue.getSpecific(key: Session.queueKey) == nil {
            return pendingCount // expect: inconsistent_locking
        }
        return workQueue.sync { pendingCount }
    }
}
