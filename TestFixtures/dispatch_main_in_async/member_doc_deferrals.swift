import Foundation

// A member's own documentation that says it defers its work is the reason for the hop, whatever
// stands between the comment and the declaration (attributes, modifiers) and however the reason
// is put ("by a tick", "for the same reason as …").

@MainActor
final class BannerModel {
    var pendingBanner: String?
    var pendingToast: String?
    var pendingAlert: String?

    /// Deferred by a tick so a banner raised earlier in the same step still reaches its render
    /// pass before it is cleared.
    @MainActor
    private func clearBannerSoon() {
        let seen = pendingBanner
        DispatchQueue.main.async { [weak self] in
            guard let self, self.pendingBanner == seen else { return }
            self.pendingBanner = nil
        }
    }

    /**
     Deferred for the same reason as `clearBannerSoon`.
     */
    @MainActor @discardableResult
    private func clearToastSoon() -> Bool {
        DispatchQueue.main.async { [weak self] in self?.pendingToast = nil }
        return true
    }

    /// Clears the alert.
    @MainActor
    private func clearAlert() {
        DispatchQueue.main.async { [weak self] in self?.pendingAlert = nil } // quiet: on the main actor the hop only defers the block
    }
}

@MainActor
final class FeedScreen {
    /// Setting it schedules a reload; the reload is deferred so that several changes in one
    /// step make one reload.
    var filter = "" {
        didSet {
            DispatchQueue.main.async { self.reload() }
        }
    }

    /// Setting it reloads the feed.
    var sort = "" {
        didSet {
            DispatchQueue.main.async { self.reload() } // quiet: on the main actor the hop only defers the block
        }
    }

    func reload() {}
}

@MainActor
protocol Refreshing: AnyObject {
    func refresh()
}

extension FeedScreen: Refreshing {
    /// Runs after the caller's work: deferred on purpose so the caller finishes its update first.
    @MainActor @inline(never)
    func refresh() {
        DispatchQueue.main.async { self.reload() }
    }

    /// Refreshes now.
    @MainActor
    func refreshNow() {
        DispatchQueue.main.async { self.reload() } // quiet: on the main actor the hop only defers the block
    }
}
