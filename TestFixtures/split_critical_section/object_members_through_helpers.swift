import Foundation

// The act reaches the state through a chain of the object's own methods.
final class Reservoir: @unchecked Sendable {
    private let guardLock = NSLock()
    private var level = 0
    private var log: [Int] = []
    private var lastDrain = 0

    var currentLevel: Int { guardLock.withLock { level } }

    func record(_ amount: Int) {
        guardLock.withLock { log = [amount] }
        trim()
    }

    private func trim() { if log.count > 100 { log = [] } }

    func drain(_ amount: Int) {
        guardLock.withLock { lastDrain = amount }
        lower(by: amount)
    }

    private func lower(by amount: Int) { adjust(-amount) }
    private func adjust(_ delta: Int) { guardLock.withLock { level += delta } }
}

final class Pump {
    let tank = Reservoir()

    // Near-miss: `record` and the helper it calls write the log only.
    func sample() {
        if tank.currentLevel > 10 {
            tank.record(tank.currentLevel)
        }
    }

    // `drain` writes the level through two helpers.
    func empty() {
        let now = tank.currentLevel
        if now > 0 {
            tank.drain(now) // expect: split_critical_section
        }
    }
}
