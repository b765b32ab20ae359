import Foundation

// In another file, through a wrapper: still only a read.
extension Throttle {
    public func describe() -> String {
        render { "limit \(self.limit)" }
    }

    private func render(_ body: () -> String) -> String { body() }
}
