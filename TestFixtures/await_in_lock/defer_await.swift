import Foundation

final class Flusher {
    let lock = NSLock()
    var pending: [Int] = []

    func a() async {
        lock.lock()
        defer {
            await flush() // expect: await_in_lock
            lock.unlock()
        }
        pending.append(1)
    }

    func b() async {
        lock.lock()
        defer { lock.unlock() }
        defer { await flush() } // expect: await_in_lock
        pending.append(2)
    }

    func c() async {
        lock.lock()
        defer { await flush() }
        defer { lock.unlock() }
        pending.append(3)
    }

    func d() async {
        lock.lock()
        defer {
            lock.unlock()
            await flush()
        }
        pending.append(4)
    }

    func e() async {
        defer { await flush() }
        lock.lock()
        defer { lock.unlock() }
        pending.append(5)
    }

    func f() async {
        lock.lock()
        defer { await flush() }
        pending.append(6)
        lock.unlock()
    }

    func g() async {
        lock.withLock {
            defer { await flush() } // expect: await_in_lock
            pending.append(7)
        }
    }

    func h() async {
        lock.lock()
        defer { lock.unlock() }
        do {
            defer { await flush() } // expect: await_in_lock
            pending.append(8)
        }
    }

    func i() async {
        lock.lock()
        do {
            defer { await flush() } // expect: await_in_lock
            pending.append(9)
        }
        lock.unlock()
    }

    func flush() async {}
}
