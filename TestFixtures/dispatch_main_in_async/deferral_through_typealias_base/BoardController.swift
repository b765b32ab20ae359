import Foundation

// The superclass is named through a typealias whose every `#if` branch is a main-actor class:
// its tasks run on the main actor, so the hop after the await only defers.
final class BoardController: PlatformController {
    func deselect() {
        Task {
            await self.prepare()
            DispatchQueue.main.async { self.reload() } // quiet: on the main actor the hop only defers the block
        }
    }

    func prepare() async {}
    func reload() {}
}

// Through an alias with a branch that is not isolated: the task may run off the main actor.
final class HostedBoard: Host {
    func deselect() {
        Task {
            await self.prepare()
            DispatchQueue.main.async { self.reload() }
        }
    }

    func prepare() async {}
    func reload() {}
}

// A class of the run between the three-branch alias and the subclass.
class RenderController: RenderBase {}

final class FrameController: RenderController {
    func redraw() {
        Task {
            await self.prepare()
            DispatchQueue.main.async { self.present() } // quiet: on the main actor the hop only defers the block
        }
    }

    func prepare() async {}
    func present() {}
}
