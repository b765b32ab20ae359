import Foundation

enum Hooks {
    nonisolated(unsafe) static var installed = Guarded([String]())  // Quiet: only its methods are called; the var keeps one box.

    static func install(_ name: String) {
        installed.append(name)
    }
}

nonisolated(unsafe) var sharedJournal = Guarded([Int]())  // Quiet: another file appends through the box's own method.

nonisolated(unsafe) var seating = Roster()  // expect: nonisolated_unsafe

enum Switchboard {
    nonisolated(unsafe) static var lines = Guarded([String]())  // expect: nonisolated_unsafe

    static func reconnect() {
        lines = Guarded(["fresh"])
    }
}
