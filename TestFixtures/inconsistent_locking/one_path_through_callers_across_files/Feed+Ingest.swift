extension Feed {
    /// Reached from `poll()`'s callback, off the queue: one path, one finding.
    func ingest() {
        trim()
        if posts.count > 10 { print("many") } // expect: inconsistent_locking
        persist()
    }

    private func trim() { posts = Array(posts.suffix(10)) }
}
