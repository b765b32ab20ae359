extension Session: @unchecked Sendable {}

extension Session {
    func replace(_ t: String) {
        token = t // expect: unchecked_sendable_unguarded
    }
    func guardedReplace(_ t: String) {
        lock.withLock { token = t }
    }
}
