import Foundation

// A doc comment that states a setup-only contract explains the opt-out: not reported.
public enum ServerDefaults {
    /// The configuration every new connection starts from.
    /// Must not be modified once the server is being used.
    nonisolated(unsafe) public static var configuration: [String: Int] = [:]

    /// Configure before calling `start()`; the server reads it from any thread afterwards.
    nonisolated(unsafe) static var banner = "hello"

    nonisolated(unsafe) static var port = 8080 // Don't change this after the listener is up.

    /** Replaced by tests only; never mutated while requests are served. */
    nonisolated(unsafe) static var clock: () -> Date = Date.init

    /// Lowered at bootstrap by processes with a small memory budget.
    nonisolated(unsafe) public static var cacheLimit = 100

    static func configure() {
        configuration["timeout"] = 30
        banner = "hi"
        port = 8081
        clock = { Date(timeIntervalSince1970: 0) }
        cacheLimit = 10
    }
}

// Comments that say nothing about when it is written: reported.
public enum Telemetry {
    /// The handler, or nil if not set.
    nonisolated(unsafe) static var handler: ((String) -> Void)? // expect: nonisolated_unsafe

    /// How many times the sink has changed.
    nonisolated(unsafe) static var changes = 0 // expect: nonisolated_unsafe

    static func install(_ h: @escaping (String) -> Void) {
        handler = h
        changes += 1
    }
}
