import Foundation

// Conformance added by an extension: the stored state is in the class's own declaration.
final class KeychainTokenArchive {
    private let access = NSLock()
    private var cache: [String: String] = [:]
    private let service = "tokens"
}

extension KeychainTokenArchive: TokenArchive {
    func token(for key: String) -> String? { access.withLock { cache[key] } }
    func store(_ token: String, for key: String) { access.withLock { cache[key] = token } }
}

// The audit's implementation holds the session that calls it: it can call back.
final class SessionAudit: TokenAudit {
    let session: TokenSession
    init(session: TokenSession) { self.session = session }
    func record(_ key: String) { session.forget(key) }
}
