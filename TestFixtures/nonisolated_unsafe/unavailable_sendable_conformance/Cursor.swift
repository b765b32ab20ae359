import Foundation

// The unavailable conformance in its own file, written with `@unchecked`.
public final class RowCursor {
    var position = 0
}

@available(*, unavailable)
extension RowCursor: @unchecked Sendable {}
