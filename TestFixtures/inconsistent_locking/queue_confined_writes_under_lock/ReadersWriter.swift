import Foundation

/// A reader-writer lock over a concurrent queue: readers run together, a writer alone.
final class ReadersWriter {
    private let gate: DispatchQueue

    init(label: String) {
        gate = DispatchQueue(label: label, attributes: .concurrent)
    }

    func reading<T>(_ body: () -> T) -> T {
        gate.sync { body() }
    }

    func writing<T>(_ body: () -> T) -> T {
        gate.sync(flags: .barrier) { body() }
    }
}
