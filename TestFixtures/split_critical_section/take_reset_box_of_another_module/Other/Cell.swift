import Foundation

public final class Cell<Value>: @unchecked Sendable {
    private let queue = DispatchQueue(label: "cell")
    private var stored: Value
    public init(_ value: Value) { stored = value }
    public var contents: Value {
        get { queue.sync { stored } }
        set { queue.sync { stored = newValue } }
    }
}
