import Foundation

final class Feeder {
    weak var target: Feeding?
    func push() { target?.feed(1) }
}

// Created by its conformance too, but only polled: every wait returns at once, no blocking bug.
final class Probe {
    private var seen: DispatchSemaphore!
    func poll() -> Bool { seen.wait(timeout: .now()) == .success }
}

extension Probe: Feeding {
    func feed(_ n: Int) {
        seen = DispatchSemaphore(value: 0)
        seen.signal()
    }
}
