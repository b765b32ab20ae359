import Foundation

@MainActor
final class SyncCoordinator {
    func start() {
        Task {
            let stamp = await fetchStamp()
            Toggles.lastSync = stamp
        }
    }

    func fetchStamp() async -> Double { 1 }

    nonisolated func peek(_ value: String) {
        Toggles.probe = value
    }
}

final class BadgeUpdater {
    func received(_ count: Int) {
        DispatchQueue.main.async {
            Toggles.badge = count
        }
    }

    func failed() {
        Task { @MainActor in
            Toggles.retries += 1
        }
        Task.detached {
            Toggles.retries = 0
        }
    }
}

final class ThemeStore {
    private let lock = NSLock()

    func choose(_ t: String) {
        Toggles.theme = t
    }

    func limit(_ n: Int) {
        lock.withLock { Toggles.quota = n }
    }

    @MainActor
    func resetQuota() {
        Toggles.quota = 10
    }
}
