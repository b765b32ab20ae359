import Foundation

// A var written after its initialization, with no lock: reported, with the line of a write.
nonisolated(unsafe) var cache: [String: Data] = [:] // expect: nonisolated_unsafe
func remember(_ key: String, _ data: Data) { cache[key] = data }

// A `let` of a Sendable type needs no modifier: reported as unnecessary.
nonisolated(unsafe) let name = "service" // expect: nonisolated_unsafe
nonisolated(unsafe) let limit: Int = 4 // expect: nonisolated_unsafe

enum Config {
    // A shared instance of another type is the code's stated choice: not reported.
    nonisolated(unsafe) static let formatter = DateFormatter()
    nonisolated(unsafe) static var verbose = false // expect: nonisolated_unsafe
    static func enable() { verbose = true }
    // Set only by a once-initializer: set once, then read.
    nonisolated(unsafe) static var defaults: [String] = []
    static let loadDefaults: Void = { defaults = ["a"] }()
}

final class Box {
    @usableFromInline
    nonisolated(unsafe) var value: Int = 0 // expect: nonisolated_unsafe
    func bump() { value += 1 }

    @MainActor
    nonisolated(unsafe) // expect: nonisolated_unsafe
    var delegate: AnyObject?
    func detach() { self.delegate = nil }

    // Written only while the instance is built and torn down.
    nonisolated(unsafe) var handle: OpaquePointer?
    init(handle: OpaquePointer?) { self.handle = handle }
    deinit { handle = nil }
}

func local() {
    // Handed to one task as it is: the code transfers it deliberately.
    nonisolated(unsafe) let box = NSMutableArray()
    nonisolated(unsafe) var total = 0 // expect: nonisolated_unsafe
    Task { total += box.count }
    // Written only by the function itself: it stays in one task.
    nonisolated(unsafe) var count = 0
    count += 1
    _ = count
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
func advance() { modern += 1 }
#endif

// A public var that nothing in the run writes is a knob for its clients: quiet. A private
// setter keeps writes here, and a var nothing writes, not even here, can be a `let`.
public enum Settings {
    nonisolated(unsafe) public static var level = 1
    nonisolated(unsafe) public private(set) static var frozen = 2 // expect: nonisolated_unsafe
}

// One mutable container shared by everyone: the `let` does not protect its contents.
nonisolated(unsafe) let sharedList = NSMutableArray() // expect: nonisolated_unsafe
