import Foundation

// Top-level code of a script. A `var` declared inside a closure, a loop or a branch is a local of
// that block, not a global: each run of the block has its own.
let lock = NSLock()
let other = NSLock()
let done = DispatchGroup()
var total = 0

// Quiet: `sum` is the thread's own local; the lock around its update is incidental.
let worker = Thread {
    var sum = 0
    for i in 0..<100 {
        lock.lock()
        sum += i
        lock.unlock()
    }
    print(sum)
}
worker.start()

// Quiet: the same name in another block is another variable.
DispatchQueue.global().async(group: done) {
    var sum = 1
    other.lock()
    sum *= 2
    other.unlock()
    print(sum)
}

// Quiet: a loop's local.
for round in 0..<3 {
    var partial = round
    lock.withLock { partial += 1 }
    print(partial)
}

// Fires: `total` is a global, written under the lock in the worker and read without it while the
// worker may still run.
DispatchQueue.global().async {
    lock.withLock { total += 1 }
}
print(total) // expect: inconsistent_locking
