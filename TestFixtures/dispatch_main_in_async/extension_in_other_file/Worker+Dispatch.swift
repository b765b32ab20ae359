import Foundation

extension Worker {
    func bump() {
        DispatchQueue.main.async { } // expect: dispatch_main_in_async
    }

    nonisolated func outside() {
        DispatchQueue.main.async { }
    }
}

extension NotAnActor {
    func bump() {
        DispatchQueue.main.async { }
    }
}

final class NotAnActor {}
