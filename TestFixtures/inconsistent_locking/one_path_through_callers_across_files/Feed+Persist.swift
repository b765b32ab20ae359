extension Feed {
    func persist() { print(posts) }

    /// Quiet: called only on the queue.
    func flush() { queue.async { self.persistOnQueue() } }
    private func persistOnQueue() { print(posts.count) }
}
