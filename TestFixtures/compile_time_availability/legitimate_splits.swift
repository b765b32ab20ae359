import Foundation
import Synchronization
import os

// MARK: Quiet: platform families and module presence, not OS versions.

/// Linux has no OS availability: a Swift 6 toolchain always has Mutex there.
#if os(Linux)
let linuxLock = Mutex(0)
#else
let linuxLock = NSLock()
#endif

/// The module exists or not: what compile-time conditions are for.
#if canImport(Synchronization)
let hits = Atomic<Int>(0)
#else
let hits = ManagedAtomic<Int>(0)
#endif

/// A version check restricted to non-Apple platforms.
#if compiler(>=6.0) && os(Linux)
let table = Mutex<[String: Int]>([:])
#else
var tableLock = pthread_mutex_t()
#endif

/// An outer platform split makes the inner version check Linux-only.
#if os(Linux) || os(Android)
final class Pool {
    #if compiler(>=6.0)
    let slots = Mutex<[Int]>([])
    #else
    let slotsLock = NIOLock()
    #endif
}
#endif

/// Darwin versus the rest, spelled as the list of Apple platforms.
#if os(macOS) || os(iOS) || os(tvOS) || os(watchOS)
let darwinLock = OSAllocatedUnfairLock()
#else
let darwinLock = Mutex(())
#endif

/// One branch only: no choice between primitives.
#if compiler(>=6.0)
@available(macOS 15.0, iOS 18.0, *)
final class Executor {
    let jobs = Mutex<[Int]>([])
}
#endif

/// The same primitive in every branch.
#if swift(>=6.0)
let shared = Mutex<[Int]>([])
#else
let shared = Mutex<[Int]>([Int]())
#endif

/// A version check whose other branch holds no primitive.
#if swift(>=6.0)
let modern = Mutex(1)
#else
let modern = 1
#endif

/// The run-time choice the guidance asks for.
func makeCounter() -> any Sendable {
    if #available(macOS 15.0, iOS 18.0, *) {
        return Mutex(0)
    } else {
        return OSAllocatedUnfairLock(initialState: 0)
    }
}

// Lexer traps: none of these is code.
// #if swift(>=6.0) Mutex #else NSLock #endif
/* #if os(macOS)
   let x = Mutex(0) /* nested #else */
   #else
   let x = NSLock()
   #endif */
let docs = "#if swift(>=6.0)\nMutex\n#else\nNSLock\n#endif"
let rawDocs = #"#if os(iOS) \#("Mutex") #else NSLock #endif"#
let multiDocs = """
    #if compiler(>=6.0)
    let m = Mutex(0)
    #else
    let m = NSLock()
    #endif
    """
