import Foundation

enum PlayState { case stopped, playing, paused }

final class Player: @unchecked Sendable {
    let lock = NSLock()
    var _state = PlayState.stopped

    var state: PlayState { lock.withLock { _state } }

    func setState(_ value: PlayState) {
        lock.withLock { _state = value }
    }
}
