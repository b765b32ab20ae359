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
