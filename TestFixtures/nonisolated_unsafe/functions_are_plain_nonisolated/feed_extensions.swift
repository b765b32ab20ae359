import Foundation

protocol Describing {
    func describe() -> String
}

// A witness in an extension in another file, through a protocol.
extension Feed: Describing {
    nonisolated(unsafe) func describe() -> String {
        "feed of \(count())"
    }
}
