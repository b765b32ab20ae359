import Foundation
import KeyKit

// A conformance names another module's protocol even when the run nests a struct or enum of the
// same name in some type: a struct or enum cannot be conformed to. Its requirement may be a
// settable static var that the other module writes through the protocol, so the witness is
// not judged as never written.

final class Player {
    func play() {}
}

extension Player: StoreKey {
    nonisolated(unsafe) static var current: Player = Player()
}

final class Recorder {}

extension Recorder: LimitKey {
    nonisolated(unsafe) static var current = 10
}

enum Registry {
    struct StoreKey: KeyKit.StoreKey {
        nonisolated(unsafe) static var current: Int = 0
    }
    enum LimitKey {}
}

// Near miss: a protocol of the run that requires no such member: nothing can write the var
// through it, and nothing else does.
protocol Named {
    var title: String { get }
}

final class Tag: Named {
    let title = "tag"
    nonisolated(unsafe) static var shared = Tag() // expect: nonisolated_unsafe
}
