import Foundation

// A loop on a queue of its own waits before each page request, and the request's completion
// (on the client's callback thread) signals: one request in flight at a time. A turn handed
// between threads, not a lock: told as a throttle of the calls, never "use NSLock".
final class Pager {
    private var exhausted = false

    func nextPage(_ done: @escaping (Result<[Int], Error>) -> Void) {
        done(.success([]))
    }

    func forEachPage(_ handle: @escaping ([Int]) -> Bool) {
        let queue = DispatchQueue(label: "pages", qos: .utility)
        let semaphore = DispatchSemaphore(value: 1) // expect: dispatch_semaphore
        queue.async { [weak self] in
            while !(self?.exhausted ?? true) {
                semaphore.wait()
                self?.nextPage { result in
                    semaphore.signal()
                    if case .success(let page) = result, !handle(page) { return }
                }
            }
        }
    }
}
