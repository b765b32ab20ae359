import Foundation

final class Ledger {
    let gate = DispatchSemaphore(value: 1)
    var entries: [Int] = []
    var rejected = 0

    func add(_ x: Int) {
        gate.wait()
        defer { gate.signal() }
        entries.append(x)
    }
}
