import Foundation

public final class UploadSession {
    var sent = 0
    var failed = 0
    func record(ok: Bool) { if ok { sent += 1 } else { failed += 1 } }
}

// The statement on the conformance, in another file from the class.
extension UploadSession: @unchecked Sendable {} // One per request; not shared between requests.

public final class Meter { // expect: unchecked_sendable_unguarded
    var ticks = 0
    func tick() { ticks += 1 }
}

extension Meter: @unchecked Sendable {}
