import Foundation

// A private type of the same name in another file keeps the value stored: no accessors, no
// split. Quiet.
private final class Monitor {
    private var traffic = Traffic()

    func sample() {
        traffic.sent += 1
    }
}
