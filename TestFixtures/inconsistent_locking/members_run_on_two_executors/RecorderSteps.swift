import Foundation

extension Recorder {
    func tick() {
        record(0)
    }

    private func record(_ v: Double) {
        samples.append(v) // expect: inconsistent_locking
    }
}
