import Foundation

// In another file, an extension covers the export with an expiring activity: the wait inside it,
// made through a private helper, is how the activity covers the work. Not reported.
extension Exporter {
    func exportBeforeSuspension() {
        ProcessInfo.processInfo.performExpiringActivity(withReason: "export") { [self] expired in
            guard !expired else { return }
            writeAndWait()
        }
    }

    private func writeAndWait() {
        let written = DispatchSemaphore(value: 0)
        write { written.signal() }
        written.wait()
    }
}
