import Foundation

// withLock accessors; the claim is made in an extension in another file.
final class Uploader: @unchecked Sendable {
    let lock = NSLock()
    let outer = NSLock()
    private var _busy = false

    var busy: Bool {
        get { lock.withLock { _busy } }
        set { lock.withLock { _busy = newValue } }
    }
}
