import Foundation

enum Net {}

extension Net {
#if os(Windows)
    // The Windows build's socket: a lock guards `handle` at every access.
    final class Socket: @unchecked Sendable {
        private let lock = NSLock()
        private var handle = 0

        func open(_ h: Int) {
            lock.lock()
            handle = h
            lock.unlock()
        }

        func close() {
            lock.lock()
            handle = 0
            lock.unlock()
        }
    }
#else
    // The other builds' socket takes no lock: it is judged alone, not by its twin's lock.
    final class Socket: @unchecked Sendable {
        private let queue = DispatchQueue(label: "socket")
        private var handle = 0

        func open(_ h: Int) {
            queue.async { self.handle = h }
        }

        func close() {
            handle = 0 // expect: unchecked_sendable_unguarded
        }
    }
#endif
}
