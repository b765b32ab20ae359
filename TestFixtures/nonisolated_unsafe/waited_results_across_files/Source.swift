import Foundation

protocol ValueSource: Sendable {
    func next() async -> Int
}

struct CountingSource: ValueSource {
    func next() async -> Int { 1 }
}
