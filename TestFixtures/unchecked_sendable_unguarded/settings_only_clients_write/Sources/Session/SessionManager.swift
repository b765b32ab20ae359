import Foundation

// A public setting that only the class's users write: every access of the class is a read, and
// a queue some of those reads run on is not the setting's guard.
public final class SessionManager: @unchecked Sendable {
    public let callbackQueue = DispatchQueue(label: "session.callbacks")
    public var onResponse: (@Sendable (Int) -> Void)?
    private var pending: [Int] = []

    public init() {}

    public func deliver(_ code: Int) {
        callbackQueue.async {
            self.pending.append(code)
            self.onResponse?(code)
        }
    }

    public func handlesResponses() -> Bool {
        onResponse != nil
    }
}

// The same setting, but the class clears it on its queue: the read off the queue races that write.
public final class CancellingSession: @unchecked Sendable {
    public let callbackQueue = DispatchQueue(label: "cancelling.callbacks")
    public var onResponse: (@Sendable (Int) -> Void)?

    public init() {}

    public func deliver(_ code: Int) {
        callbackQueue.async { self.onResponse?(code) }
    }

    public func cancel() {
        callbackQueue.async { self.onResponse = nil }
    }

    public func handlesResponses() -> Bool {
        onResponse != nil // expect: unchecked_sendable_unguarded
    }
}
