import Foundation

extension Cache {
    nonisolated(unsafe) static let shared = Cache() // expect: nonisolated_unsafe
}

// Made Sendable in another file: the modifier is unnecessary.
nonisolated(unsafe) let clock = Clock() // expect: nonisolated_unsafe
