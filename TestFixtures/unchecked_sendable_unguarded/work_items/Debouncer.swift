import Foundation

// A closure bound to a local and handed to the queue as `execute:` runs on that queue, like a
// closure written in the call.
final class Debouncer: @unchecked Sendable {
    private let queue = DispatchQueue(label: "debouncer")
    private var scheduled: DispatchWorkItem?
    private var fired = 0

    // Quiet: the work item runs on `queue`, where every other access runs too.
    func debounce(_ body: @escaping () -> Void) {
        queue.sync {
            let item = DispatchWorkItem { [weak self] in
                guard let self else { return }
                body()
                self.fired += 1
                self.scheduled = nil
            }
            scheduled?.cancel()
            scheduled = item
            queue.asyncAfter(deadline: .now() + 0.3, execute: item)
        }
    }

    // Fires: the same kind of closure, but also called right here, off the queue.
    func debounceNow(_ body: @escaping () -> Void) {
        let now = {
            body()
            self.fired += 1 // expect: unchecked_sendable_unguarded
        }
        queue.async(execute: now)
        now()
    }

    var count: Int { queue.sync { fired } }
}
