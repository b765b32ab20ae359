import Foundation

enum Config {
    nonisolated(unsafe) static var endpoint = "https://example.com" // expect: nonisolated_unsafe
    nonisolated(unsafe) static var mode = 0
    nonisolated(unsafe) static var flags = 0 // expect: nonisolated_unsafe
    nonisolated(unsafe) static var region = "eu"
}
