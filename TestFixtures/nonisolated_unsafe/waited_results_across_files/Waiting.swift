import Foundation

/// A wrapper in between: the waiting helper is a method, the work comes from a protocol whose
/// implementation is in another file.
final class BlockingBridge {
    let source: ValueSource
    init(source: ValueSource) { self.source = source }

    func value() -> Int {
        let group = DispatchGroup()
        nonisolated(unsafe) var result: Int?
        group.enter()
        Task.detached {
            defer { group.leave() }
            result = await self.source.next()
        }
        group.wait()
        return result ?? 0
    }

    /// Near miss: the group is never entered, so its wait returns at once.
    func unenteredValue() -> Int {
        let group = DispatchGroup()
        nonisolated(unsafe) var result: Int? // expect: nonisolated_unsafe
        Task.detached {
            defer { group.leave() }
            result = await self.source.next()
        }
        group.wait()
        return result ?? 0
    }
}
