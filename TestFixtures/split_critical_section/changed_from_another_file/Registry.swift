import Foundation

// A reader-writer queue: `sync` to read, a barrier block to write.
final class Registry: @unchecked Sendable {
    private let queue = DispatchQueue(label: "registry", attributes: .concurrent)
    private var _handlers: [String: Int] = [:]

    var handlers: [String: Int] {
        get { queue.sync { _handlers } }
        set { queue.async(flags: .barrier) { self._handlers = newValue } }
    }

    func register(_ name: String, _ id: Int) {
        queue.async(flags: .barrier) { self._handlers[name] = id }
    }
}
