import Foundation

// A reader-writer lock of the project, in its own file.
final class ReadWriteLock {
    private let queue = DispatchQueue(label: "rw", attributes: .concurrent)
    func read<T>(_ body: () -> T) -> T { queue.sync { body() } }
    func write<T>(_ body: () -> T) -> T { queue.sync(flags: .barrier) { body() } }
}
