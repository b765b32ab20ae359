import Foundation

final class Loader {
    private let worker = Worker()

    func loadSync() -> Data? {
        let ready = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
        var result: Data?
        worker.fetch(into: { result = $0 }, ready: ready)
        ready.wait()
        return result
    }
}
