import Foundation

protocol Reading {
    var reading: Int { get }
    func visit(_ body: (Int) throws -> Void) rethrows
}

final class Meter {
    let queue = DispatchQueue(label: "meter")
    var total = 0

    func add(_ n: Int) { queue.async { self.total += n } }
}
