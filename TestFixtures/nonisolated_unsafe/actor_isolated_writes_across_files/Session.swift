import Foundation

/// Written only in the actor's isolated members; another file's actor has a var of the same
/// name, which is another variable.
actor Session {
    nonisolated(unsafe) var revocationObserver: NSObjectProtocol?

    deinit {
        if let revocationObserver { NotificationCenter.default.removeObserver(revocationObserver) }
    }

    func observeRevocation() {
        guard revocationObserver == nil else { return }
        revocationObserver = NotificationCenter.default.addObserver(forName: .init("revoked"), object: nil, queue: nil) { _ in }
    }
}
