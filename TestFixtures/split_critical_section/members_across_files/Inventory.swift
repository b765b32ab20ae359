import Foundation

final class Inventory: @unchecked Sendable {
    let lock = NSLock()
    var _stock = 0
    var nextSerial = 0

    var stock: Int { lock.withLock { _stock } }

    func setStock(_ value: Int) {
        lock.withLock { _stock = value }
    }
}
