import Foundation

actor TaskCache {
    private var tasks: [URL: Task<Data, Error>] = [:]
    private var isLoading = false
    private var items: [String: Int] = [:]
    private var value = 0
    private var isComplete = false
    private var iterator: Stream.Iterator
    private var state: Waiters = .blocked([])
    private var flag = false
    private var other = 0

    enum Waiters { case blocked([CheckedContinuation<Int, Never>]), ready(Int) }

    init(iterator: Stream.Iterator) { self.iterator = iterator }

    // The fix: the in-flight task is stored before the await.
    func data(for url: URL) async throws -> Data {
        if let running = tasks[url] { return try await running.value }
        let task = Task { try await download(url) }
        tasks[url] = task
        defer { tasks[url] = nil }
        return try await task.value
    }

    // The flag is claimed before the await.
    func load() async {
        guard !isLoading else { return }
        isLoading = true
        defer { isLoading = false }
        await work()
    }

    // Checked again after the await.
    func put(_ key: String) async {
        if items[key] != nil { return }
        let v = await compute()
        guard items[key] == nil else { return }
        items[key] = v
    }

    // The decision comes after the await.
    func bump() async {
        await work()
        if value < 10 { value += 1 }
    }

    // The await is in a branch that returns; the write is not on a path from it.
    func early(_ key: String) async -> Int {
        if let hit = items[key] {
            await work()
            return hit
        }
        items[key] = 0
        return 0
    }

    // Await and write in different branches or cases.
    func branches() async {
        if value == 0 {
            await work()
        } else {
            value = 1
        }
        switch value {
        case 0:
            await work()
        default:
            value = 2
        }
    }

    // A flag set only for some outcomes of the await records the outcome.
    func nextRequest() async -> Int? {
        guard !isComplete else { return nil }
        let request = await compute()
        if request == 0 {
            isComplete = true
        }
        return request
    }

    // Error-path resets in catch blocks.
    func run() async throws {
        guard value == 0 else { return }
        value = 1
        do {
            try await throwing()
        } catch {
            value = 0
            throw error
        }
    }

    // `var it = iterator; await it.next(); iterator = it`: the only way to call a mutating
    // async method on actor state.
    func nextElement() async -> Int? {
        var copy = iterator
        let element = await copy.next()
        iterator = copy
        return element
    }

    // A continuation body runs before the suspension.
    func wait() async -> Int {
        switch state {
        case .blocked(var waiters):
            return await withCheckedContinuation { c in
                waiters.append(c)
                self.state = .blocked(waiters)
            }
        case .ready(let v):
            return v
        }
    }

    // A loop condition reads the property again on every iteration.
    func poll() async {
        while !flag {
            await work()
            flag = await check()
        }
    }

    // Another property is written; a local shadows the property; another object's property.
    func unrelated(_ peer: Peer) async {
        guard value > 0 else { return }
        await work()
        other = 1
        var items: [String: Int] = [:]
        if items.isEmpty { await work() }
        items["a"] = 1
        if peer.value == 0 { await work() }
        peer.value = 1
        _ = items
    }

    // Work started in a Task runs later, not as part of this method.
    func background() async {
        guard value == 0 else { return }
        await work()
        Task { self.value = 1 }
    }

    // Only a defer block writes after the await.
    func deferred() async {
        guard !flag else { return }
        defer { flag = false }
        await work()
    }

    // The state is claimed inside the branch, before its await.
    func claimInBranch() async {
        if value == 0 {
            value = 1
            await work()
        }
        value = 2
    }

    // A global-actor method of an actor is not isolated to it.
    @MainActor
    func onMain() async {
        await work()
    }

    nonisolated func describe() -> String { "" }

    static func make() async -> Int { 0 }

    func sync() {
        if value == 0 { value = 1 }
    }
}

final class NotAnActor {
    var cache: [URL: Data] = [:]
    func load(_ url: URL) async throws -> Data {
        if let hit = cache[url] { return hit }
        let data = try await download(url)
        cache[url] = data
        return data
    }
}

actor Outer {
    struct Inner {
        var cache: [Int: Int] = [:]
        mutating func fill() async {
            if cache[1] == nil { cache[1] = await compute() }
        }
    }
}

final class Peer: @unchecked Sendable { var value = 0 }
struct Stream: AsyncSequence {
    typealias Element = Int
    struct Iterator: AsyncIteratorProtocol { mutating func next() async -> Int? { nil } }
    func makeAsyncIterator() -> Iterator { Iterator() }
}
func download(_ url: URL) async throws -> Data { Data() }
func work() async {}
func compute() async -> Int { 0 }
func check() async -> Bool { true }
func throwing() async throws {}
