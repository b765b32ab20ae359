import Foundation

extension TapeRecorder {
    dynamic func advance() {
        position += 1
    }
}

extension DiscRecorder {
    dynamic func advance() {
        track += 1 // expect: inconsistent_locking
    }
}
