import Foundation

// A local written by a task that signals when done, read after the function waits for that
// signal: the wait orders the write before the read.

func loadBlocking(_ work: @Sendable @escaping () async -> Int) -> Int {
    let group = DispatchGroup()
    nonisolated(unsafe) var result = 0
    group.enter()
    Task {
        defer { group.leave() }
        result = await work()
    }
    group.wait()
    return result
}

// Another spelling: a semaphore made with value 0, signalled as the closure's last statement.
func fetchBlocking(_ work: @Sendable @escaping () -> String) -> String {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var text = ""
    DispatchQueue.global().async {
        text = work()
        done.signal()
    }
    done.wait()
    return text
}

// Near miss: the local is read before the wait, while the task may still write it.
func peekBlocking(_ work: @Sendable @escaping () async -> Int) -> Int {
    let group = DispatchGroup()
    nonisolated(unsafe) var result = 0 // expect: nonisolated_unsafe
    group.enter()
    Task {
        defer { group.leave() }
        result = await work()
    }
    let early = result
    group.wait()
    return result + early
}

// Near miss: a wait with a timeout can return while the task still writes.
func boundedBlocking(_ work: @Sendable @escaping () -> String) -> String {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var text = "" // expect: nonisolated_unsafe
    DispatchQueue.global().async {
        text = work()
        done.signal()
    }
    _ = done.wait(timeout: .now() + 1)
    return text
}

// Near miss: tasks started in a loop write the one local concurrently with each other.
func sumBlocking(_ parts: [Int]) -> Int {
    let group = DispatchGroup()
    nonisolated(unsafe) var total = 0 // expect: nonisolated_unsafe
    for p in parts {
        group.enter()
        Task {
            defer { group.leave() }
            total += p
        }
    }
    group.wait()
    return total
}
