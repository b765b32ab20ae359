import Foundation

/// Shape 3: a switch on a parameter chooses between calling a helper (declared in an extension
/// in another file) directly and sending it to the queue.
enum Delivery {
    case inline
    case queued
    case detached
}

final class Player {
    let queue = DispatchQueue(label: "player")
    var position = 0

    func seek(_ to: Int) {
        queue.async { self.position = to }
    }

    func rewind(_ how: Delivery) {
        switch how {
        case .inline:
            restart()
        case .queued:
            queue.async { self.restart() }
        case .detached:
            DispatchQueue.global().async { self.restart() }
        }
    }

    func current() -> Int { queue.sync { position } }
}
