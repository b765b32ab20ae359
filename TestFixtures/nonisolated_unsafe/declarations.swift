import Foundation

nonisolated(unsafe) var cache: [String: Data] = [:] // expect: nonisolated_unsafe
nonisolated(unsafe) let name = "service" // expect: nonisolated_unsafe
nonisolated(unsafe) let limit: Int = 4 // expect: nonisolated_unsafe

enum Config {
    nonisolated(unsafe) static let formatter = DateFormatter() // expect: nonisolated_unsafe
    nonisolated(unsafe) static var verbose = false // expect: nonisolated_unsafe
}

final class Box {
    @usableFromInline
    nonisolated(unsafe) var value: Int = 0 // expect: nonisolated_unsafe

    @MainActor
    nonisolated(unsafe) // expect: nonisolated_unsafe
    var delegate: AnyObject?
}

func local() {
    nonisolated(unsafe) let box = NSMutableArray() // expect: nonisolated_unsafe
    nonisolated(unsafe) var total = 0 // expect: nonisolated_unsafe
    Task { total += box.count }
}

actor Service {
    nonisolated func describe() -> String { "Service" }
    nonisolated let id = UUID()
    nonisolated var label: String { "label" }
}

// Not code:
// nonisolated(unsafe) var old = 0
let text = "nonisolated(unsafe) var x = 0"
let raw = #"nonisolated(unsafe) \#("x")"#

#if swift(>=6.0)
nonisolated(unsafe) var modern = 0 // expect: nonisolated_unsafe
#endif
