import Foundation

enum Defaults {
    // Written in another file, once, by a `let`'s initializer: set up, and written.
    nonisolated(unsafe) static var timeout = 30
    // Written nowhere in the run.
    nonisolated(unsafe) static var retries = 3 // expect: nonisolated_unsafe
}

// A global written from an extension in another file, with no lock: reported, naming that write.
nonisolated(unsafe) var verboseLogging = false // expect: nonisolated_unsafe

class Transport {
    // Written by a subclass in another file, through `self`: not a `let` to be.
    nonisolated(unsafe) var mtu = 1500
    // Written through a key path in another file.
    nonisolated(unsafe) var timeout = 10.0
    var summary: String { "\(mtu) \(timeout)" }
}
