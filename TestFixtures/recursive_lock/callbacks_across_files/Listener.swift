// The protocol is declared here; the box that calls it is in another file of the run.
protocol ProgressListener: AnyObject {
    func progressChanged(_ fraction: Double)
}

// A final class of the run: calls on it stay quiet even though its name looks like a callback.
final class ProgressObserver {
    func record(_ fraction: Double) {}
}
