import Foundation

struct Page {
    // Quiet: RowCursor is declared not Sendable (in the other file).
    nonisolated(unsafe) let cursor: RowCursor
}

public final class PageToken: Sendable {
    let raw: String
    init(raw: String) { self.raw = raw }
}

struct Pager {
    // Fires: PageToken is Sendable.
    nonisolated(unsafe) static let fallback = PageToken(raw: "") // expect: nonisolated_unsafe
}
