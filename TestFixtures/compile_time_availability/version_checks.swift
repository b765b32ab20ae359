import Foundation
import os
#if canImport(Synchronization)
import Synchronization
#endif

/// The toolchain version standing in for the OS version: the property and its initialization
/// make the same choice, reported once with a note at the second.
final class Counter: @unchecked Sendable {
    #if swift(>=6.0) // expect: compile_time_availability
    private let value: Mutex<Int>
    #else
    private let lock: NSLock
    private var count = 0
    #endif

    init() {
        #if swift(>=6.0)
        value = Mutex(0)
        #else
        lock = NSLock()
        #endif
    }
}

#if compiler(>=6.0) // expect: compile_time_availability
let requestCount = Atomic<Int>(0)
#else
let requestCount = ManagedAtomic<Int>(0)
#endif

/// A chain of platforms: iOS and macOS builds get different primitives whatever their OS version.
enum Platform {
    #if os(iOS) // expect: compile_time_availability
    static let lock = NSLock()
    #elseif os(macOS)
    static let lock = Mutex(())
    #endif
}

/// Catalyst is a build variant, not an OS version.
extension Platform {
    final class Store<Key: Hashable, Value> where Value: Sendable {
        #if targetEnvironment(macCatalyst) // expect: compile_time_availability
        @usableFromInline
        let state = OSAllocatedUnfairLock(initialState: [Key: Value]())
        #else
        @usableFromInline
        let state = Mutex<[Key: Value]>([:])
        #endif
    }
}

/// Nested inside a module check, and negated conditions.
#if canImport(Darwin)
final class Journal {
    #if !os(Linux) && swift(>=5.9) // expect: compile_time_availability
    private let queue = DispatchQueue(label: "journal")
    #else
    private let entries = OSAllocatedUnfairLock(initialState: [String]())
    #endif
}
#endif

/// A custom flag combined with a version: still a compile-time choice.
#if (swift(>=6.0) || DEBUG) // expect: compile_time_availability
typealias Flag = Atomic<Bool>
#else
typealias Flag = UnsafeAtomic<Bool>
#endif
