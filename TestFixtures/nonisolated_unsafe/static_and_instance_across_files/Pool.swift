import Foundation

protocol Drainable {
    static func drainAll()
    func take()
}

final class Pool {
    // Written through `Self.` in a static method of an extension: the static one.
    nonisolated(unsafe) static var free = 8 // expect: nonisolated_unsafe
    // Set up in init only.
    nonisolated(unsafe) var free: Int
    // Written through `self.` in an instance method, inside a closure: the instance one.
    nonisolated(unsafe) var borrowed = 0 // expect: nonisolated_unsafe
    // Written as `Pool.borrowed` in a static method: the static one, written too.
    nonisolated(unsafe) static var borrowed = 0 // expect: nonisolated_unsafe

    init(free: Int) { self.free = free }
}
