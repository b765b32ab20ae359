import Foundation

// Quiet: the conformance is unavailable, so the class is declared not Sendable; nothing here
// promises that it may be shared.
final class Scanner {
    var offset = 0
}

@available(*, unavailable)
extension Scanner: @unchecked Sendable {}

// Fires: an available conformance in an extension promises it.
final class Tokenizer { // expect: unchecked_sendable_unguarded
    var offset = 0
}

extension Tokenizer: @unchecked Sendable {}

// Fires: unavailable on one platform only; the conformance holds everywhere else.
@available(macOS, unavailable)
final class TouchTracker: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    var touches = 0
}
