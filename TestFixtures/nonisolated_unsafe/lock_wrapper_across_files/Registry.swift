import Foundation

// The wrapper's method is named like any method; what its type does with the closure decides.
enum Registry {
    static let state = Protected()
    nonisolated(unsafe) static var entries: [String] = []
    nonisolated(unsafe) static var pending: [String] = [] // expect: nonisolated_unsafe

    static func add(_ entry: String) {
        state.mutate { entries.append(entry) }
    }

    static func queue(_ entry: String) {
        state.later { pending.append(entry) }
    }

    static var count: Int { entries.count + pending.count }
}
