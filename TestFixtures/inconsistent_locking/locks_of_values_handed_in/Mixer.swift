import Foundation
import Synchronization

final class Track {
    let mutex = Mutex(0)
}

// A lock made for one call, or taken from a local that holds one of many values: not a lock
// the mixer's state can count on.
final class Mixer {
    private var tracks: [Track] = []
    private var mixed = 0

    func mixFirst() {
        let first = tracks[0]
        first.mutex.withLock { value in
            value += 1
            mixed += 1
        }
    }

    func clear() {
        mixed = 0
    }

    func total() -> Int {
        mixed
    }
}
