import Foundation

// Code in a branch whose condition is the literal `false` is never compiled: a class there is
// no finding, and its accesses are no evidence. The `#else` of such an `#if` is compiled.

#if false
final class RetiredRecorder: @unchecked Sendable {
    private var samples: [Int] = []
    func record(_ x: Int) { samples.append(x) }
}
#else
final class LiveRecorder: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private var samples: [Int] = []
    func record(_ x: Int) { samples.append(x) }
}
#endif

// Another spelling: parentheses, and `#elseif false` after a condition the tool cannot decide.
#if os(Windows)
final class PortRecorder: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private var count = 0
    func bump() { count += 1 }
}
#elseif (false)
final class DraftRecorder: @unchecked Sendable {
    private var count = 0
    func bump() { count += 1 }
}
#endif

// A wrapper in between: the never-compiled branch sits inside another `#if`, and its only write
// of the var is the one inside it. The var is otherwise set only in init.
final class Meter: @unchecked Sendable {
    private var scale: Double
    init(scale: Double) { self.scale = scale }
    func read(_ raw: Double) -> Double {
        #if canImport(Foundation)
        #if false
        scale = raw
        #endif
        #endif
        return raw * scale
    }
}

// Near miss: a condition that is only false in some builds (`DEBUG`) is compiled in others.
final class DebugMeter: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private var scale: Double
    init(scale: Double) { self.scale = scale }
    func read(_ raw: Double) -> Double {
        #if DEBUG
        scale = raw
        #endif
        return raw * scale
    }
}
