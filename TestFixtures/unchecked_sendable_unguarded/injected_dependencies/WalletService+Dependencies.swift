import Foundation

protocol DependentService: AnyObject {
    @MainActor func injectDependencies(from resolver: Resolver)
}

extension WalletService: DependentService {
    @MainActor
    func injectDependencies(from resolver: Resolver) {
        api = resolver.resolve(NodeAPI.self)
        store = resolver.resolve(SecureStore.self)
        Task { _ = try? await self.api.balance(of: "warm-up") }
    }
}
