import Foundation

struct Flags {
    // Written by a subclass of a view controller base class of the run.
    nonisolated(unsafe) static var compact = false
    // Written in an extension of a main-actor protocol.
    nonisolated(unsafe) static var sheet = 0
    // Written by a plain NSObject subclass: nothing puts it on the main actor.
    nonisolated(unsafe) static var observed = 0 // expect: nonisolated_unsafe
    // Written by the run's own class named like a SwiftUI type: it is not SwiftUI's.
    nonisolated(unsafe) static var stage = "" // expect: nonisolated_unsafe
}
