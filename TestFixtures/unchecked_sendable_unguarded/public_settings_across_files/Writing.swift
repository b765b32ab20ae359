import Foundation

// The class's work, in another file: reads only.
extension JSONWriter {
    public func write(_ value: [String: String]) -> String {
        let body = value.map { "\($0.key): \($0.value)" }.joined(separator: prettyPrinted ? ",\n" : ",")
        return "{\(body)}"
    }
}

// Quiet: a class that guards its state with its lock everywhere.
public final class Settings: @unchecked Sendable {
    private let lock = NSLock()
    private var level = 0

    public init() {}

    public func raise() { lock.withLock { level += 1 } }
    public func current() -> Int { lock.withLock { level } }
}
