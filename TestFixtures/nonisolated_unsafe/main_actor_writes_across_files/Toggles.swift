import Foundation

enum Toggles {
    // Set only by the settings screen's observer: every write is on the main actor.
    nonisolated(unsafe) static var showsGrid = false
    // Set only by a main-actor method of an extension in another file.
    nonisolated(unsafe) static var accent = "blue"
    // Set by a task started in a main-actor class, and by a main-queue block.
    nonisolated(unsafe) static var lastSync = 0.0
    nonisolated(unsafe) static var badge = 0
    // Set on the main actor and also from a detached task: the detached write races.
    nonisolated(unsafe) static var retries = 0 // expect: nonisolated_unsafe
    // Set in a nonisolated method of a main-actor class: it runs on any thread.
    nonisolated(unsafe) static var probe = "" // expect: nonisolated_unsafe
    // Set in a plain class's method.
    nonisolated(unsafe) static var theme = "light" // expect: nonisolated_unsafe
    // Set on the main actor and, elsewhere, under a lock: the lock does not exclude the main actor.
    nonisolated(unsafe) static var quota = 10 // expect: nonisolated_unsafe
}

enum Links {
    // Only read: `appending` returns a new URL, which another file keeps in a local.
    nonisolated(unsafe) static var help: URL = URL(string: "https://example.com/help")!
    // Appended to in another file, off the main actor.
    nonisolated(unsafe) static var visited: [URL] = [] // expect: nonisolated_unsafe
}
