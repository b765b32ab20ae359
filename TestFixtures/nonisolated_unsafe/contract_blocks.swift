import Foundation

final class Token {
    var text = ""
}

// One comment heading a block of declarations covers each line of the block.
enum Keywords {
    // nonisolated(unsafe) is fine for these: they are never modified after they are built.
    nonisolated(unsafe) static let null = Token()
    nonisolated(unsafe) static let yes = Token()
    nonisolated(unsafe) static let no = Token()

    // After a blank line, a declaration starts its own block.
    nonisolated(unsafe) static let other = Token() // expect: nonisolated_unsafe
}

final class Storage {
    var bytes: [UInt8] = []
}

// A comment that explains why the modifier is sound states the contract.
struct Buffer {
    // The empty storage every new buffer starts from; copy-on-write copies it before the
    // first change.
    nonisolated(unsafe) static let empty = Storage()
    // It is safe to mark this nonisolated(unsafe): see `Buffer.mutate`.
    nonisolated(unsafe) static let spare = Storage()
    // A comment that names the modifier without saying why: nonisolated(unsafe) for now.
    nonisolated(unsafe) static let scratch = Storage() // expect: nonisolated_unsafe
}
