import Foundation

// Another spelling: a configure method of the class itself sets its collaborators.
final class Exporter: @unchecked Sendable {
    var sink: NodeAPI!
    var keys: SecureStore!

    @MainActor
    func configure(sink: NodeAPI, keys: SecureStore) {
        self.sink = sink
        self.keys = keys
    }

    @MainActor
    func warmUp() async {
        _ = try? await sink.balance(of: "warm-up")
    }

    func export() async throws -> Int {
        _ = keys.value(for: "export")
        return try await sink.balance(of: "export")
    }
}

// What stays reported: a member that checks the var before setting it (a lazy connection,
// which two callers can both make), and one late var set again by a second member.
final class Reconnecting: @unchecked Sendable {
    var api: NodeAPI!
    var store: SecureStore!

    @MainActor
    func connect(_ resolver: Resolver) {
        if api == nil { api = resolver.resolve(NodeAPI.self) }
        store = resolver.resolve(SecureStore.self)
    }

    func balance() async throws -> Int {
        try await api.balance(of: "a") // expect: unchecked_sendable_unguarded
    }
}

final class Swapping: @unchecked Sendable {
    var api: NodeAPI!
    var store: SecureStore!

    @MainActor
    func inject(_ resolver: Resolver) {
        api = resolver.resolve(NodeAPI.self)
        store = resolver.resolve(SecureStore.self)
    }

    @MainActor
    func swap(to other: NodeAPI) { api = other }

    func balance() async throws -> Int {
        try await api.balance(of: "a") // expect: unchecked_sendable_unguarded
    }
}
