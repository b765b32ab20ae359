import Foundation

extension LogStore {
    // Called only from the wrapper's closure in the other file.
    func clearPending() {
        pending.removeAll()
    }
}
