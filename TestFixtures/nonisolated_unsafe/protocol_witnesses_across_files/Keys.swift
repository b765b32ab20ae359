import Foundation

enum NetworkKey: DependencyKey {
    nonisolated(unsafe) static var live: URLSession = .shared
}

enum LoggerKey: DependencyKey {
    nonisolated(unsafe) static var live: String = "default"
    // A property the protocol does not require: nothing writes it.
    nonisolated(unsafe) static var prefix = ">" // expect: nonisolated_unsafe
}
