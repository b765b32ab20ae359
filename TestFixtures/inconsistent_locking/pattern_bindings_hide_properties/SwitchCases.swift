import Foundation

enum Delivery {
    case payload(Any)
    case pair(Int, String)
    case named(count: Int, label: String)
    case nested(Delivery)
}

// A name bound by a case pattern is a new local: inside the case it is not the stored property.
final class DeliveryDesk {
    private let queue = DispatchQueue(label: "desk")
    private var event: String?
    private var count: Int = 0
    private var label: String = ""

    // Quiet: every case binds its own names and hands them to the queue.
    func receive(_ message: Delivery) {
        switch message {
        case let .payload(event as String):
            queue.async { self.event = event }
        case .pair(let count, let label):
            queue.async { self.count = count; self.label = label }
        case let .named(count: count, label: label):
            queue.async { self.count = count; self.label = label }
        case let .nested(.payload(event as String)):
            queue.async { self.event = event }
        default:
            break
        }
    }

    // Quiet: a tuple pattern, with an optional sub-pattern.
    func take(_ t: (Int?, String)) {
        switch t {
        case let (count?, label):
            queue.async { self.count = count; self.label = label }
        default:
            break
        }
    }

    // Fires: the binding ends with its case; the next case reads the property.
    func route(_ message: Delivery) {
        switch message {
        case let .payload(event as String):
            queue.async { self.event = event }
        default:
            print(event ?? "") // expect: inconsistent_locking
        }
    }

    func readEvent() -> String? { queue.sync { event } }
    func readCount() -> Int { queue.sync { count } }
    func readLabel() -> String { queue.sync { label } }
}
