import Foundation

extension Session {
    func refresh() async throws -> String {
        if let credentials = self.credentials {
            return credentials
        }
        let fresh = try await login()
        self.credentials = fresh // expect: actor_reentrancy
        return fresh
    }

    func retry() async {
        guard retries < 3 else { return }
        retries += 1
        await backoff()
        retries = 0
    }

    nonisolated func peek() -> Int { 0 }
}

extension Plain {
    func refresh() async throws {
        if token == nil { token = try await login() }
    }
}

final class Plain { var token: String? }
func login() async throws -> String { "" }
func backoff() async {}
