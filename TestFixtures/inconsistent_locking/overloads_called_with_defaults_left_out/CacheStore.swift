extension Cache {
    func store(_ key: String, value: Int, ttl: Int = 0) {
        entries[key] = value  // expect: inconsistent_locking
        if ttl > 0 { evictions += 1 }
    }

    func store(_ key: String, values: [String: Int]) {
        for (k, v) in values { entries[k] = v }  // Quiet: its one caller holds lock.
    }
}
