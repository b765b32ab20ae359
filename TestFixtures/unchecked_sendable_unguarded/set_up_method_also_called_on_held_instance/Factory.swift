enum Limits {
    static func makeThrottle() -> Throttle {
        let t = Throttle()
        t.configure(limit: 10)
        return t
    }

    static func makeQuota() -> Quota {
        let q = Quota()
        q.configure(cap: 5)
        return q
    }
}

final class Admin {
    func raise(_ quota: Quota, to cap: Int) {
        quota.configure(cap: cap)
    }
}

// An initializer that re-configures an instance handed to it: that instance may be shared.
final class Limiter {
    let quota: Quota

    init(quota: Quota) {
        quota.configure(cap: 1)
        self.quota = quota
    }
}
