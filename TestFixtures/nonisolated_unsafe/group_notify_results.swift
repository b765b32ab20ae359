import Foundation

// Locals written by tasks that leave a group when done, and read only in the block the group
// runs once every entry has left (`notify`): the group orders each write before the read.

func loadPair(_ work: @Sendable @escaping () async -> Int, done: @escaping (Int, Int) -> Void) {
    nonisolated(unsafe) var first = 0
    nonisolated(unsafe) var second = 0
    let group = DispatchGroup()
    group.enter()
    Task {
        first = await work()
        group.leave()
    }
    group.enter()
    Task {
        defer { group.leave() }
        second = await work()
    }
    group.notify(queue: .main) {
        done(first, second)
    }
}

// Near miss: the function reads the local after handing the group its block, while the task
// may still write it.
func loadAndPeek(_ work: @Sendable @escaping () async -> Int, done: @escaping (Int) -> Void) {
    nonisolated(unsafe) var value = 0 // expect: nonisolated_unsafe
    let group = DispatchGroup()
    group.enter()
    Task {
        value = await work()
        group.leave()
    }
    group.notify(queue: .main) {
        done(value)
    }
    print(value)
}

// Near miss: the task leaves the group before it writes, so the block may run first.
func loadLate(_ work: @Sendable @escaping () async -> Int, done: @escaping (Int) -> Void) {
    nonisolated(unsafe) var value = 0 // expect: nonisolated_unsafe
    let group = DispatchGroup()
    group.enter()
    Task {
        group.leave()
        value = await work()
    }
    group.notify(queue: .main) {
        done(value)
    }
}

// Near miss: two tasks write the one local, concurrently with each other.
func loadTwice(_ work: @Sendable @escaping () async -> Int, done: @escaping (Int) -> Void) {
    nonisolated(unsafe) var value = 0 // expect: nonisolated_unsafe
    let group = DispatchGroup()
    group.enter()
    Task {
        value = await work()
        group.leave()
    }
    group.enter()
    Task {
        value += await work()
        group.leave()
    }
    group.notify(queue: .main) {
        done(value)
    }
}
