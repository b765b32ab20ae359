import Foundation

// Another file writes `served` too, under the same lock: a read after the wait in `fetch`
// can race with it.
extension PageFetcher {
    func serveOne() {
        state.lock()
        served += 1
        state.unlock()
    }
}
