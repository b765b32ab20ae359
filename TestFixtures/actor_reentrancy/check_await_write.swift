import Foundation

// actor A { func f() async { if cache[k] == nil { cache[k] = await load() } } }
/* if let hit = cache[url] { return hit }
   /* nested */ let data = try await fetch(url); cache[url] = data */

actor ImageLoader {
    private var cache: [URL: Data] = [:]
    private var isRefreshing = false
    private var balance = 0
    private var connection: Connection?
    private var token: String?
    private var queue: [Int] = []
    private var results: [Int] = []
    private var state: State = .idle
    let id = UUID()

    enum State { case idle, connecting, connected(Connection) }

    func image(for url: URL) async throws -> Data {
        if let cached = cache[url] { return cached }
        let data = try await fetch(url)
        cache[url] = data // expect: actor_reentrancy
        return data
    }

    func refresh() async {
        guard !isRefreshing else { return }
        await reload()
        isRefreshing = true // expect: actor_reentrancy
        defer { isRefreshing = false }
    }

    func withdraw(_ amount: Int) async throws {
        guard balance >= amount else { throw LoaderError.insufficient }
        try await ledger(-amount)
        balance -= amount // expect: actor_reentrancy
    }

    func connect() async throws {
        if connection == nil {
            connection = try await Connection.open() // expect: actor_reentrancy
        }
    }

    func disconnect() async {
        if let connection {
            await connection.close()
        }
        connection = nil // expect: actor_reentrancy
    }

    func validToken() async throws -> String {
        let fresh = token ?? (try await requestToken())
        self.token = fresh // expect: actor_reentrancy
        return fresh
    }

    func next() async -> Int {
        if queue.isEmpty {
            await refill()
        }
        return queue.removeFirst() // expect: actor_reentrancy
    }

    func deposit(_ amount: Int) async {
        let current = balance
        await audit()
        balance = current + amount // expect: actor_reentrancy
    }

    func start() async throws {
        switch state {
        case .idle:
            let c = try await Connection.open()
            state = .connected(c) // expect: actor_reentrancy
        case .connecting, .connected:
            return
        }
    }

    func collect() async {
        guard results.isEmpty else { return }
        await withTaskGroup(of: Int.self) { group in
            for i in 0..<3 { group.addTask { i } }
            for await r in group {
                results.append(r) // expect: actor_reentrancy
            }
        }
    }

    @discardableResult
    @available(macOS 13, *)
    func generic<T: Sendable>(
        _ value: T
    ) async -> Int where T: Equatable {
        #if DEBUG
        guard balance > 0 else { return 0 }
        #else
        guard balance > 1 else { return 0 }
        #endif
        await audit()
        balance = 0 // expect: actor_reentrancy
        return 1
    }
}

extension ImageLoader {
    func prefetch(_ url: URL) async throws {
        guard cache[url] == nil else { return }
        let text = "cache[url] = await fetch(url) \(id)"
        _ = text
        self.cache[url] = try await fetch(url) // expect: actor_reentrancy
    }
}

struct Connection: Sendable {
    static func open() async throws -> Connection { Connection() }
    func close() async {}
}
enum LoaderError: Error { case insufficient }
func fetch(_ url: URL) async throws -> Data { Data() }
func reload() async {}
func ledger(_ delta: Int) async throws {}
func requestToken() async throws -> String { "" }
func refill() async {}
func audit() async {}

actor Outbox {
    private var buffer: [String] = []
    private var token: String?
    private var connection: Connection?
    private var isConnected = false

    func flush() async {
        guard !buffer.isEmpty else { return }
        await send(buffer)
        buffer.removeAll() // expect: actor_reentrancy
    }

    func flushClaimingFirst() async {
        guard !buffer.isEmpty else { return }
        let batch = buffer
        buffer.removeAll()
        await send(batch)
    }

    func update(token: String) async {
        if self.token == token { return }
        await save(token)
        self.token = token // expect: actor_reentrancy
    }

    func ping() async {
        guard let connection = connection else { return }
        let ok = await connection.ping()
        if !ok {
            self.connection = nil // expect: actor_reentrancy
        }
    }

    func heartbeat() async {
        guard isConnected else { return }
        let ok = await Connection.reachable()
        if !ok { isConnected = false }
    }
}

extension Connection {
    func ping() async -> Bool { true }
    static func reachable() async -> Bool { true }
}
func send(_ items: [String]) async {}
func save(_ token: String) async {}
