extension Screen {
    /// Runs inside `process`'s hand-out, on the queue.
    func enable(_ m: Int) { modes.insert(m) }
}
