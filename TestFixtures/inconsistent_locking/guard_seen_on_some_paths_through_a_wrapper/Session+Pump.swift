import Foundation

extension Session {
    func pump() {
        queue.sync {
            if buffer.isEmpty {
                fail()
                return
            }
            buffer.removeAll()
        }
    }

    private func fail() {
        shutDown()
    }
}

extension QueuedSession {
    func pump() {
        queue.sync {
            if buffer.isEmpty {
                fail()
                return
            }
            buffer.removeAll()
        }
    }

    private func fail() {
        shutDown()
    }
}
