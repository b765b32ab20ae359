import Foundation

enum LinkState { case idle, connecting, connected, disconnected }

// The method starts a Task that changes the state, then awaits, then overwrites the state: if
// the Task ran during the await (the stream ended), its change is lost and the state is wrong.
actor Link {
    private var state: LinkState = .idle
    private var receiver: Task<Void, Never>?
    private var lastMessage: String?
    private var messages: [String] = []

    func connect(_ stream: AsyncStream<String>) async {
        state = .connecting
        receiver = Task {
            for await message in stream { lastMessage = message }
            state = .disconnected
        }
        await handshake()
        state = .connected // expect: actor_reentrancy
    }

    // Checked after the await before overwriting: quiet.
    func connectChecked(_ stream: AsyncStream<String>) async {
        state = .connecting
        receiver = Task {
            for await _ in stream {}
            state = .disconnected
        }
        await handshake()
        if state == .connecting { state = .connected }
    }

    // The Task is awaited before the write: its change is done first (quiet).
    func drain(_ stream: AsyncStream<String>) async {
        let reader = Task {
            for await message in stream { lastMessage = message }
        }
        await reader.value
        lastMessage = nil
    }

    // The method adds to what the Task changes instead of replacing it: quiet.
    func collect(_ stream: AsyncStream<String>) async {
        Task {
            for await message in stream { messages.append(message) }
        }
        await handshake()
        messages.append("done")
    }

    // Written with a value awaited in the same statement (`x = await …`), and the Task kept in a local.
    func refresh(_ stream: AsyncStream<String>) async {
        let watcher = Task {
            for await message in stream { lastMessage = message }
        }
        lastMessage = await fetchLatest() // expect: actor_reentrancy
        _ = watcher
    }

    private func handshake() async { await Task.yield() }
    private func fetchLatest() async -> String { await Task.yield(); return "" }
}

// A Task started in one method of an extension, overwritten through `self.`.
extension Link {
    func reset(_ stream: AsyncStream<String>) async {
        Task { @MainActor in print("reset") }
        Task {
            for await _ in stream {}
            self.state = .disconnected
        }
        try? await Task.sleep(nanoseconds: 1_000)
        self.state = .idle // expect: actor_reentrancy
    }
}
