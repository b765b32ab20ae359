import Foundation

extension Uploader {
    func upload() {
        guard busy == false else { return }
        busy = true // expect: split_critical_section
        Thread.detachNewThread { self.finish() }
    }

    func finish() { busy = false }

    // Another lock held around both steps: callers of this code take turns at them. Quiet.
    func uploadHeld() {
        outer.lock()
        defer { outer.unlock() }
        if !busy {
            busy = true
        }
    }
}
