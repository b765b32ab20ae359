import Foundation

// `for case` and `catch let` bind names for the loop body or the catch block alone.
final class Collector {
    private let queue = DispatchQueue(label: "collector")
    private var item: String?
    private var failure: NSError?

    // Quiet: the loop and catch bindings are locals in their bodies.
    func collect(_ xs: [String?], _ notes: [DeliveryDesk.Note]) {
        for case let item? in xs {
            queue.async { self.item = item }
        }
        for case let .text(item) in notes {
            queue.async { self.item = item }
        }
        do {
            try work()
        } catch let failure as NSError {
            queue.async { self.failure = failure }
        } catch {}
    }

    // Fires: after the loop, and after the catch block, the names are the properties again.
    func retry(_ xs: [String?]) {
        for case let item? in xs {
            queue.async { self.item = item }
        }
        print(item ?? "") // expect: inconsistent_locking
        do {
            try work()
        } catch let failure as NSError {
            queue.async { self.failure = failure }
        } catch {}
        print(failure ?? "") // expect: inconsistent_locking
    }

    func work() throws {}
    func readItem() -> String? { queue.sync { item } }
    func readFailure() -> NSError? { queue.sync { failure } }
}
