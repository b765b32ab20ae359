import Foundation

final class Exporter {
    func write(_ done: @escaping () -> Void) {}

    // Outside any activity: reported.
    func exportNow() {
        let written = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
        write { written.signal() }
        written.wait()
    }
}
