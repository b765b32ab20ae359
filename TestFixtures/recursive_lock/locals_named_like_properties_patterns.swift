import Foundation

// `if let`, `case let` and `catch let` bindings named like a property whose getter takes the
// lock, with the lock taken by lock()/defer: the locals are quiet, the property itself is not.

extension Tint {
    // `if let`, `case let` and `catch let` bindings named like the property, then the property.
    func apply(_ given: Int?, steps: [Result<Int, Error>]) {
        guardLock.lock()
        defer { guardLock.unlock() }
        if let level = given {
            _level = level
        }
        for step in steps {
            switch step {
            case .success(let level): _level += level
            case .failure: break
            }
        }
        do {
            try check()
        } catch let level {
            print(level)
        }
    }

    func applyAndEcho() -> Int {
        guardLock.lock()
        defer { guardLock.unlock() }
        _level += 1
        return level // expect: recursive_lock
    }

    func check() throws {}
}

final class Tint: @unchecked Sendable {
    let guardLock = NSLock()
    var _level = 0

    var level: Int {
        guardLock.lock()
        defer { guardLock.unlock() }
        return _level
    }
}
