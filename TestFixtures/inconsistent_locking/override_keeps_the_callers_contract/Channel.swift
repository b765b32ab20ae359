import Foundation

// Another spelling and another file: the contract says "must be called while holding".
open class Channel {
    let stateLock = NSLock()
    private var isOpen = true

    public init() {}

    public func shutdown() {
        stateLock.lock()
        isOpen = false
        teardown()
        stateLock.unlock()
    }

    /// Releases the channel's resources. Must be called while holding `stateLock`.
    open func teardown() {}
}
