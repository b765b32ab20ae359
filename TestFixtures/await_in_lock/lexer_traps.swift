import Foundation

// lock.lock(); await x()
/*
 lock.lock()
 await x()
 */
let regex = /lock\.lock\(\); await/
let extended = #/
    lock\.lock\(\)   # not code
    await
    /#
let text = "lock.lock() \(["await"].map { "\($0)" }.joined()) await"

final class Traps {
    let lock = NSLock()
    func run() async {
        let pattern = #"lock.lock(); await \#(1)"#
        _ = pattern
        lock.lock()
        let interpolated = "\(await value())" // expect: await_in_lock
        lock.unlock()
        _ = interpolated
    }
    func value() async -> Int { 1 }
}
