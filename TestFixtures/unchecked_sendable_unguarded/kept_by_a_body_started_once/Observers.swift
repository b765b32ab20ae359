import Foundation

/// The token is stored by the one block the initializer submits, and nothing else touches it.
final class DeviceWatcher: @unchecked Sendable {  // Quiet: one access, in a block that runs once per instance.
    private var token: NSObjectProtocol?

    init() {
        DispatchQueue.global(qos: .utility).async { [weak self] in
            guard let self else { return }
            self.token = NotificationCenter.default.addObserver(forName: .init("devices"), object: nil, queue: nil) { _ in
                print("changed")
            }
        }
    }
}

/// The same token, also dropped by a public method: two entry points touch it.
final class StoppableWatcher: @unchecked Sendable {  // expect: unchecked_sendable_unguarded
    private var token: NSObjectProtocol?

    init() {
        DispatchQueue.global(qos: .utility).async { [weak self] in
            guard let self else { return }
            self.token = NotificationCenter.default.addObserver(forName: .init("devices"), object: nil, queue: nil) { _ in
                print("changed")
            }
        }
    }

    func stop() {
        token = nil
    }
}
