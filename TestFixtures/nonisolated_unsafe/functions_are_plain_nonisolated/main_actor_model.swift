import Foundation

@MainActor
final class Feed {
    private let titles: [String]

    nonisolated(unsafe) init(titles: [String]) {
        self.titles = titles
    }

    nonisolated(unsafe) subscript(index: Int) -> String {
        titles[index]
    }

    nonisolated(unsafe) func count() -> Int {
        titles.count
    }
}
