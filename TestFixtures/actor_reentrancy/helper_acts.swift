import Foundation

// The check is in the caller; the await and the write are in a helper it calls.
actor Thumbnails {
    private var cache: [String: Data] = [:]
    private var phase = 0
    private var token: String?

    func thumbnail(for key: String) async throws -> Data {
        if let hit = cache[key] { return hit }
        return try await render(key) // expect: actor_reentrancy
    }

    private func render(_ key: String) async throws -> Data {
        let data = try await draw(key)
        cache[key] = data
        return data
    }

    // Through `self.` and a helper that calls another helper.
    func warm(_ key: String) async throws {
        guard cache[key] == nil else { return }
        try await self.prepare(key) // expect: actor_reentrancy
    }

    private func prepare(_ key: String) async throws {
        try await Task.sleep(nanoseconds: 1_000)
        _ = try await render(key)
    }

    // A flag the caller checks and a setter-like async helper.
    func advance() async {
        if phase == 0 {
            await moveOn() // expect: actor_reentrancy
        }
    }

    private func moveOn() async {
        await pause()
        phase = 1
    }

    // Quiet: the helper checks again after its own await.
    func thumbnailChecked(for key: String) async throws -> Data {
        if let hit = cache[key] { return hit }
        return try await renderChecked(key)
    }

    private func renderChecked(_ key: String) async throws -> Data {
        let data = try await draw(key)
        if let raced = cache[key] { return raced }
        cache[key] = data
        return data
    }

    // Quiet: claimed before calling the helper.
    func refresh() async {
        guard token == nil else { return }
        token = "pending"
        await reload()
    }

    private func reload() async {
        await pause()
        token = "fresh"
    }

    // Quiet: the helper is called with no decision before it.
    func forceRender(_ key: String) async throws {
        _ = try await render(key)
    }

    private func draw(_ key: String) async throws -> Data { await Task.yield(); return Data() }
    private func pause() async { await Task.yield() }
}
