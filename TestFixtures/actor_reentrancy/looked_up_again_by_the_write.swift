import Foundation

/// After the await, the write is a changing call whose result is the condition: it looks the
/// property up again as it writes it, and acts on what it finds then.
actor PendingReplies {
    private var waiting: [String: CheckedContinuation<String, Never>] = [:]
    private var queued: [String] = []
    private var outbox: [Int] = []
    private var seen: [String: Int] = [:]
    private var cache: [String: String] = [:]

    func deliver(id: String, read: () async throws -> String) async {
        if let w = waiting[id], w is AnyObject { return }
        let payload: String
        do {
            payload = try await read()
        } catch {
            if let w = waiting.removeValue(forKey: id) {  // Quiet: removed only if still there.
                w.resume(returning: "")
            }
            return
        }
        guard let w = waiting.removeValue(forKey: id) else { return }  // Quiet: as above.
        w.resume(returning: payload)
    }

    func sendNext(_ send: (String) async -> Void) async {
        guard !queued.isEmpty else { return }
        await send("start")
        guard let next = self.queued.popLast() else { return }  // Quiet: popped only if one is left.
        await send(next)
    }

    func flush(_ post: (Int) async -> Void) async {
        if outbox.isEmpty { return }
        await post(0)
        while let item = outbox.popLast() {  // Quiet: each pop sees the current list.
            await post(item)
        }
    }

    func mark(_ key: String, work: () async -> Void) async {
        if seen[key] == nil {
            await work()
            seen.removeValue(forKey: key)  // expect: actor_reentrancy
        }
    }

    func load(_ key: String, fetch: () async -> String) async -> String {
        if let hit = cache[key] { return hit }
        let value = await fetch()
        cache[key] = value  // expect: actor_reentrancy
        return value
    }
}
