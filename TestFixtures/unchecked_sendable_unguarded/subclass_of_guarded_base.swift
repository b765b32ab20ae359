import Foundation

/// A base class with a lock of its own; its subclass is never told it has no lock, even when
/// the subclass's own state is not under it (the tool cannot tell which guard it relies on).
class Request: @unchecked Sendable {
    let lock = NSLock()
    private var state = 0
    func advance() { lock.withLock { state += 1 } }
}

final class UploadRequest: Request, @unchecked Sendable {
    var uploadable: String?
    func prepare(_ s: String) { uploadable = s }
}

/// A lock-free subclass of a lock-free base: nothing guards it.
class Plain: @unchecked Sendable {}

final class Tally: Plain, @unchecked Sendable { // expect: unchecked_sendable_unguarded
    var count = 0
    func bump() { count += 1 }
}
