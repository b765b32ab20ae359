import Foundation

/// Everything that touches a ruler does so inside `locked`, on the ruler it holds.
final class Ruler: @unchecked Sendable {
    var width = 0.0
    var height = 0.0
    private let q = DispatchQueue(label: "ruler")

    func locked<T>(_ body: () throws -> T) rethrows -> T {
        try q.sync(execute: body)
    }
}
