import Foundation

protocol Feed: Sendable {
    func fetch() -> [String]
}

struct StaticFeed: Feed {
    func fetch() -> [String] { ["a"] }
}
