import Foundation

final class Screen {
    private let player: any Pausable
    private let guarding: any Locking
    private let direct = Player()
    init(player: any Pausable, guarding: any Locking) {
        self.player = player
        self.guarding = guarding
    }

    /// Pausing and returning early is the point: not a lock left held.
    func showSheet(_ modal: Bool) {
        player.lock()
        if modal { return }
        player.unlock()
    }

    func freeze(_ until: Bool) {
        direct.lock()
        if until { return }
        direct.unlock()
    }

    func hold(_ p: Pausable, _ cond: Bool) {
        p.lock()
        if cond { return }
        p.unlock()
    }

    /// A real lock through a protocol: the early return leaves it held.
    func update(_ skip: Bool) {
        guarding.lock() // expect: lock_without_defer
        if skip { return }
        guarding.unlock()
    }
}
