import Foundation

// A var that may satisfy a protocol's settable requirement can be written through the protocol
// (`K.current = v` in generic code the run may not show), and a `let` may not satisfy the
// requirement: the tool cannot tell that it is never written, and says nothing.

// A protocol of another module (not declared in the run).
enum ClockKey: ExternalInjectionKey {
    nonisolated(unsafe) static var currentValue = SystemClock()
}

extension SystemClock: ExternalInjectionKey {
    nonisolated(unsafe) static var currentValue = SystemClock()
}

final class SystemClock {}

// A protocol of the run that requires the property.
protocol Defaults {
    static var standard: Self { get set }
}

struct AppDefaults: Defaults {
    nonisolated(unsafe) static var standard = AppDefaults()
    // Not required by the protocol, and nothing writes it.
    nonisolated(unsafe) static var build = "1.0" // expect: nonisolated_unsafe
}

// Fires: only the standard library's marker protocols are conformed to, and the var is never written.
enum Limits: Sendable, Hashable {
    case small
    nonisolated(unsafe) static var maximum = 10 // expect: nonisolated_unsafe
}

// No conformance at all.
enum Plain {
    nonisolated(unsafe) static var retries = 3 // expect: nonisolated_unsafe
}
