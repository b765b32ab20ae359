import Foundation

// withLock accessors on a type whose value type lives in another file.
final class Store: @unchecked Sendable {
    private let lock = NSLock()
    private var _options = Options()

    var options: Options {
        get { lock.withLock { _options } }
        set { lock.withLock { _options = newValue } }
    }
}
