import Foundation

// Nothing assigns these, not even in init: each can be a `let`, which may need no modifier.
nonisolated(unsafe) var supportedFormats: [String] = ["png", "jpeg"] // expect: nonisolated_unsafe

enum Limits {
    nonisolated(unsafe) static var maximumUpload = 10_000_000 // expect: nonisolated_unsafe
    static func allows(_ size: Int) -> Bool { size <= maximumUpload }
}

final class Uploader {
    private nonisolated(unsafe) var chunkSize = 65_536 // expect: nonisolated_unsafe
    func chunks(of data: Data) -> Int { data.count / chunkSize }
}

// Quiet: written some way other than an assignment, or settable some other way.
nonisolated(unsafe) var generator = SystemRandomNumberGenerator()
func roll() -> UInt64 { generator.next() } // a method call may mutate a value

nonisolated(unsafe) var timeouts = URLSessionConfiguration.default
func shorten() { timeouts.timeoutIntervalForRequest = 5 } // a member set through it

nonisolated(unsafe) var handle: Int32 = 0
func open() { withUnsafeMutablePointer(to: &handle) { _ = $0 } } // passed with &

nonisolated(unsafe) var cachedTitle: String? // no initial value: set elsewhere, or meant to stay nil

// Clients of the module can set it, and nothing in the run does: a knob for clients, not a
// `let` to be, and quiet.
public enum Options {
    nonisolated(unsafe) public static var verbose = false
}

final class Legacy: NSObject {
    @objc nonisolated(unsafe) dynamic var progress = 0.0 // set through Objective-C
    // Written by its first read, on any thread: reported as such.
    nonisolated(unsafe) lazy var formatter = DateFormatter() // expect: nonisolated_unsafe
}

// Swapped through a tuple: written.
nonisolated(unsafe) var current = 0 // expect: nonisolated_unsafe
nonisolated(unsafe) var previous = 0 // expect: nonisolated_unsafe
func rotate() { (current, previous) = (previous, current) }
