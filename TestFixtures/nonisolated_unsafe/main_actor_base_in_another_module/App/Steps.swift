import Foundation
import Base

final class Session {
    var open = false
    func cancel() {}
}

public final class AuthorizeStep: StepOperation, @unchecked Sendable {
    // Written only by members the superclass isolates to the main actor.
    nonisolated(unsafe) private var attempts = 0
    // Written by a nonisolated member, from a detached task: off the main actor.
    nonisolated(unsafe) private var session: Session? // expect: nonisolated_unsafe

    public override func run() {
        attempts += 1
        Task.detached { self.start() }
    }

    public func finish() {
        attempts = 0
        session?.cancel()
    }
}

private extension AuthorizeStep {
    nonisolated func start() {
        session = Session()
    }
}

// Not isolated by its superclass: any thread may run its members.
public final class ImportStep: PlainOperation, @unchecked Sendable {
    nonisolated(unsafe) private var retries = 0 // expect: nonisolated_unsafe

    public override func run() {
        retries += 1
    }
}
