import Foundation

protocol Resolver {
    func resolve<T>(_ type: T.Type) -> T?
}

protocol NodeAPI: Sendable { func balance(of address: String) async throws -> Int }
protocol SecureStore: Sendable { func value(for key: String) -> String? }

// Dependencies taken after init by one member that only assigns them (a container's
// injection hook, through a protocol, in another file): later reads find them set.
final class WalletService: @unchecked Sendable {
    var api: NodeAPI!
    var store: SecureStore!

    func balance() async throws -> Int {
        guard let address = store.value(for: "address") else { return 0 }
        return try await api.balance(of: address)
    }
}
