import Foundation

/// A task started by a private method that only the initializer calls, once.
final class LogForwarder: @unchecked Sendable {  // Quiet: the task runs once; nothing else touches 'subscription'.
    private var subscription: Task<Void, Never>?

    init(verbose: Bool) {
        if verbose {
            startForwarding()
        }
    }

    private func startForwarding() {
        Task { [weak self] in
            guard let self else { return }
            self.subscription = Task { print("forwarding") }
        }
    }
}

/// The same helper, called again later: two tasks can store at once.
final class RestartingForwarder: @unchecked Sendable {  // expect: unchecked_sendable_unguarded
    private var subscription: Task<Void, Never>?

    init() {
        startForwarding()
    }

    func restart() {
        startForwarding()
    }

    private func startForwarding() {
        Task { [weak self] in
            guard let self else { return }
            self.subscription = Task { print("forwarding") }
        }
    }
}
