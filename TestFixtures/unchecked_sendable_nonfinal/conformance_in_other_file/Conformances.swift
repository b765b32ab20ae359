extension Session: @unchecked Sendable {} // expect: unchecked_sendable_nonfinal

extension FinalSession: @unchecked Sendable {}

extension Unknown: @unchecked Sendable {}
