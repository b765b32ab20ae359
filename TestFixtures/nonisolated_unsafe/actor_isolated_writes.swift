import Foundation

// An actor's instance var marked nonisolated(unsafe) (so that deinit may reach it) and written
// only in the actor's isolated members: the actor runs those one at a time.
actor TokenWatcher {
    nonisolated(unsafe) private var tokenObserver: NSObjectProtocol?

    deinit {
        if let tokenObserver { NotificationCenter.default.removeObserver(tokenObserver) }
    }

    func start() {
        guard tokenObserver == nil else { return }
        tokenObserver = NotificationCenter.default.addObserver(forName: .init("token"), object: nil, queue: .main) { _ in }
    }
}

// A helper in between, in an extension of the actor: its members are isolated to it too.
extension TokenWatcher {
    func stop() {
        clear()
    }

    private func clear() {
        if let o = tokenObserver { NotificationCenter.default.removeObserver(o) }
        tokenObserver = nil
    }
}

// Near miss: a nonisolated member writes it, off the actor.
actor PushWatcher {
    nonisolated(unsafe) private var pushObserver: NSObjectProtocol? // expect: nonisolated_unsafe

    func start() {
        pushObserver = NotificationCenter.default.addObserver(forName: .init("push"), object: nil, queue: .main) { _ in }
    }

    nonisolated func reset() {
        pushObserver = nil
    }
}

// Near miss: a callback the actor hands out writes it, on the queue the callback runs on.
actor LinkWatcher {
    nonisolated(unsafe) private var lastLink: String? // expect: nonisolated_unsafe

    func start() {
        _ = NotificationCenter.default.addObserver(forName: .init("link"), object: nil, queue: .main) { note in
            self.lastLink = note.object as? String
        }
    }

    func link() -> String? { lastLink }
}

// Near miss: no deinit needs the modifier; every use is isolated, so it is told to stay isolated.
actor FeedWatcher {
    nonisolated(unsafe) private var feedObserver: NSObjectProtocol? // expect: nonisolated_unsafe

    func start() {
        feedObserver = NotificationCenter.default.addObserver(forName: .init("feed"), object: nil, queue: .main) { _ in }
    }
}
