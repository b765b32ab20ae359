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

    // A Task started here assigns the credentials as updates arrive; the method overwrites them
    // after its own await.
    func relogin(_ updates: AsyncStream<String>) async {
        Task {
            for await update in updates { self.credentials = update }
        }
        let fresh = try? await login()
        self.credentials = fresh // expect: actor_reentrancy
    }

    // The check before the `do`, the write in its `catch`: another call may have retried meanwhile.
    func retryOnce() async {
        guard retries == 0 else { return }
        do {
            _ = try await login()
        } catch {
            self.retries = 1 // expect: actor_reentrancy
        }
    }

    // Claimed before the await, rolled back in `catch`: quiet.
    func retryClaimed() async {
        guard retries == 0 else { return }
        retries = 1
        do {
            _ = try await login()
        } catch {
            retries = 0
        }
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
