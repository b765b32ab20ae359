import Foundation

final class LockedFlag: @unchecked Sendable {
    private let guardLock = NSLock()
    private var raw = false
    var isSet: Bool {
        get { guardLock.withLock { raw } }
        set { guardLock.withLock { raw = newValue } }
    }
    func clear() { guardLock.withLock { raw = false } }
}
