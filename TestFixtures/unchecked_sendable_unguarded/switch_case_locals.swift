import Foundation

// A local in one case of a switch does not hide the property in the next one.
final class Meter: @unchecked Sendable {
    private let lock = NSLock()
    private var reading = 0

    func set(_ value: Int) { lock.withLock { reading = value } }

    func handle(_ code: Int) {
        switch code {
        case 0:
            var reading = 3
            reading += 1
            print(reading)
        case 1:
            reading = 9 // expect: unchecked_sendable_unguarded
        default:
            break
        }
    }
}

// Quiet: the local is declared in the same case as its use, and the property is only touched
// under the lock.
final class Gauge: @unchecked Sendable {
    private let lock = NSLock()
    private var level = 0

    func set(_ value: Int) { lock.withLock { level = value } }

    func handle(_ code: Int) {
        switch code {
        case 0:
            var level = 3
            level += 1
            print(level)
        case 1:
            lock.withLock { level = 0 }
        default:
            var level = 1
            level *= 2
            print(level)
        }
    }
}
