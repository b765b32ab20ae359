import Foundation

public final class Subscriber: ListenerBase, EventSink {
    public var onEvent: ((String) -> Void)?
    public var onStatus: ((Bool) -> Void)?

    public func deliver(_ event: String) {
        queue.async { [weak self] in
            self?.onEvent?(event)
            self?.onStatus?(true)
        }
    }

    func lost() {
        queue.async { [weak self] in
            self?.onStatus?(false)
            self?.onEvent?("lost")
        }
    }
}

public final class OwnedSubscriber: OwningBase, EventSink {
    public var onEvent: ((String) -> Void)? // in a package: inconsistent_locking

    public func deliver(_ event: String) {
        queue.async { self.onEvent?(event) }
    }

    func lost() {
        queue.async { self.onEvent?("lost") }
    }
}

func attach(_ subscriber: Subscriber, _ owned: OwnedSubscriber) {
    subscriber.onEvent = { print($0) }
    subscriber.onStatus = { print($0) }
    owned.onEvent = { print($0) }
}
