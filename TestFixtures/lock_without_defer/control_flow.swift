import Foundation

final class Machine: @unchecked Sendable {
    private let lock = NSLock()
    private var state = 0
    private var log: [String] = []

    init(start: Int) {
        lock.lock() // expect: lock_without_defer
        if start < 0 { return }
        state = start
        lock.unlock()
    }

    func step(_ event: Int) {
        switch event {
        case 0:
            lock.lock() // expect: lock_without_defer
            if state == 0 { return }
            state = 0
            lock.unlock()
        case 1:
            lock.lock()
            state += 1
            lock.unlock()
        default:
            lock.lock()
            defer { lock.unlock() }
            state = event
        }
    }

    func caughtAndReleased() {
        do {
            lock.lock()
            try validate()
            lock.unlock()
        } catch {
            lock.unlock()
            log.append("\(error)")
        }
    }

    func caughtButKept() {
        do {
            lock.lock() // expect: lock_without_defer
            try validate()
            lock.unlock()
        } catch {
            log.append("\(error)")
        }
    }

    func nestedDefer() throws {
        lock.lock()
        do {
            defer { lock.unlock() }
            try validate()
        }
    }

    func nestedFunctionAndClosure() -> Int {
        lock.lock()
        func helper() -> Int { return 1 }
        let f: () -> Int = { return 2 }
        let v = state + helper() + f()
        lock.unlock()
        return v
    }

    func availability() {
        lock.lock()
        if #available(macOS 14, *) {
            state = 14
        } else if case 1...3 = state {
            state = 0
        }
        lock.unlock()
    }

    func repeatLoop() {
        repeat {
            lock.lock() // expect: lock_without_defer
            state -= 1
            if state == 5 { continue }
            lock.unlock()
        } while state > 0
    }

    func labelledBreak(_ rows: [[Int]]) {
        lock.lock()
        search: for row in rows {
            for v in row where v == state {
                break search
            }
        }
        lock.unlock()
    }

    func conditionalAcquire(_ needsLock: Bool) {
        if needsLock { lock.lock() }
        state += 1
        if needsLock { lock.unlock() }
    }

    func ifExpression(_ flag: Bool) -> Int {
        lock.lock()
        let v = if flag { state } else { 0 }
        lock.unlock()
        return v
    }

    func throwingSwitchExpression(_ flag: Bool) throws -> Int {
        lock.lock() // expect: lock_without_defer
        let v = switch flag {
        case true: try compute()
        case false: 0
        }
        lock.unlock()
        return v
    }

    func earlyUnlockThenWork() {
        lock.lock()
        guard state > 0 else {
            lock.unlock()
            return
        }
        let s = state
        lock.unlock()
        if s > 10 { return }
        log.append("\(s)")
    }

    func validate() throws {}
    func compute() throws -> Int { 1 }
}
