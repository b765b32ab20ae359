import Foundation

final class Merger {
    let stateLock = NSLock()
    let outLock = NSLock()
    var parts: [[Int]] = []

    func add(_ p: [Int], at i: Int) {
        outLock.withLock {
            stateLock.withLock {
                parts[i] = p
                print(isReady)
            }
        }
    }

    func check() -> Bool {
        stateLock.withLock { isReady }
    }

    func log() {
        print(hasEmpty)
    }
}
