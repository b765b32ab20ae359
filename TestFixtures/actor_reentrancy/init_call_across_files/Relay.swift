import Foundation

actor Relay {
    var target: String?
    var connection: String?
    var listener: Task<Void, Never>?
    var idleChecks = 0

    // The initializer calls `attach` in the branch that does not start the loop (another file
    // holds the loop's handler).
    init(updates: AsyncStream<String>?) async {
        guard let updates else {
            await self.attach("local")
            return
        }
        listener = Task { for await u in updates { await self.retarget(u) } }
    }
}
