import Foundation

// The sink is a protocol of another file; the outer lock only orders its calls, the rows have
// their own lock.
final class Ledger {
    private let rowsLock = NSLock()
    private let orderLock = NSLock()
    private var rows: [Int] = []
    weak var sink: LedgerSink?

    func add(_ row: Int) {
        orderLock.lock()
        defer { orderLock.unlock() }
        let snapshot = rowsLock.withLock { () -> [Int] in
            rows.append(row)
            return rows
        }
        sink?.ledger(didChange: snapshot)
    }

    func reset() {
        orderLock.withLock {
            rowsLock.withLock { rows = [] }
            sink?.ledger(didChange: [])
        }
    }
}

// Near miss: one lock for the state and the call; the sink may call back and take it again.
final class Meter {
    private let lock = NSLock()
    private var value = 0
    weak var sink: MeterSink?

    func bump() {
        lock.withLock {
            value += 1
            sink?.meterChanged(value)  // expect: recursive_lock
        }
    }
}
