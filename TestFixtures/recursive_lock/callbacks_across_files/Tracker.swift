import Foundation

final class Tracker {
    private let lock = NSLock()
    private var fraction = 0.0
    weak var listener: ProgressListener?
    private let recorder = ProgressObserver()

    func update(_ value: Double) {
        lock.withLock {
            fraction = value
            listener?.progressChanged(value) // expect: recursive_lock
            recorder.record(value)
        }
    }
}
