extension Synchronized: Equatable where Value: Equatable {
    // `a == b` and `b == a` at once: an inversion between two instances.
    static func == (lhs: Synchronized<Value>, rhs: Synchronized<Value>) -> Bool {
        guard lhs !== rhs else { return true }
        return lhs.using { l in
            rhs.using { r in l == r } // expect: lock_order_inversion
        }
    }
}

extension Synchronized where Value: Comparable {
    // Copy one value out first: quiet.
    static func < (lhs: Synchronized<Value>, rhs: Synchronized<Value>) -> Bool {
        let l = lhs.using { $0 }
        return rhs.using { l < $0 }
    }
}
