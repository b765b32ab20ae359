import Foundation

protocol Configurable: AnyObject {
    func setUp()
    func setup(_ value: Int)
}

final class Meter: Configurable, @unchecked Sendable {
    private let lock = NSLock()
    private var scale = 1
    private var ready = false

    init() {}

    func read(_ x: Int) -> Int { lock.withLock { ready ? x * scale : 0 } }
}
