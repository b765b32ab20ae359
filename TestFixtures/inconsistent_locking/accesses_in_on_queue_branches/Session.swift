import Foundation

// A third: the key set on a queue held by the class and checked from an extension in
// another file.
final class Session {
    static let queueKey = DispatchSpecificKey<ObjectIdentifier>()
    let workQueue = DispatchQueue(label: "session")
    var pendingCount = 0

    init() {
        workQueue.setSpecific(key: Session.queueKey, value: ObjectIdentifier(workQueue))
    }

    func enqueue() {
        workQueue.async { self.pendingCount += 1 }
    }
}
