import Foundation

// A static and an instance member share a name: a write of one is not a write of the other.
final class Meter {
    // The instance `readings` is written (`self.readings`), not the static one.
    nonisolated(unsafe) static var readings = 0

    nonisolated(unsafe) var readings = 0 // expect: nonisolated_unsafe

    func record() {
        self.readings += 1
    }
}

final class Gauge {
    // Written by its bare name inside a static method: the static one.
    nonisolated(unsafe) static var level = 0 // expect: nonisolated_unsafe
    // Set up in init only: the static method's write is not this one's.
    nonisolated(unsafe) var level: Int

    init(level: Int) { self.level = level }

    static func reset() { level = 0 }
    func show() -> Int { level + Gauge.level }
}
