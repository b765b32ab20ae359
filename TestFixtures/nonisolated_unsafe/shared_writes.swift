import Foundation

// A static var written each time an instance is built: shared state, written in init.
final class Tracker {
    nonisolated(unsafe) static var instances = 0 // expect: nonisolated_unsafe
    nonisolated(unsafe) var id = 0
    init() {
        Tracker.instances += 1
        id = Tracker.instances
    }
    deinit { Self.instances -= 1 }
}

// An instance var set in init and deinit only: set up, not shared writes.
final class Handle {
    nonisolated(unsafe) var descriptor: Int32 = -1
    init(_ d: Int32) { descriptor = d }
    deinit { descriptor = -1 }
    var isOpen: Bool { descriptor >= 0 }
}

// A global written in another type's init.
nonisolated(unsafe) var lastCreated: String? // expect: nonisolated_unsafe
struct Document {
    let name: String
    init(name: String) {
        self.name = name
        lastCreated = name
    }
}
