import Foundation

// Set up by a factory in another file, on the fresh instance it returns.
final class Throttle: @unchecked Sendable {
    private(set) var limit = 0

    func configure(limit: Int) {
        self.limit = limit
    }

    func allows(_ n: Int) -> Bool { n < limit }
}

// Set up the same way, and also reconfigured through a parameter by code that may run at any
// time: reported.
final class Quota: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private(set) var cap = 0

    func configure(cap: Int) {
        self.cap = cap
    }

    func allows(_ n: Int) -> Bool { n < cap }
}
