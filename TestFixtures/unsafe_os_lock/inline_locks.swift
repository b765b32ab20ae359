import Darwin
import Foundation
import os

/// An unfair lock stored inline in a class and locked through `&`.
final class ImageCache: @unchecked Sendable {
    private var lock = os_unfair_lock() // expect: unsafe_os_lock
    private var images: [URL: Data] = [:]

    func image(for url: URL) -> Data? {
        os_unfair_lock_lock(&lock)
        defer { os_unfair_lock_unlock(&lock) }
        return images[url]
    }
}

/// Qualified and struct-typed spellings, in a struct (every copy copies the lock).
struct Counter {
    var
        storage: Darwin.os_unfair_lock_s = .init() // expect: unsafe_os_lock
    var count = 0

    mutating func increment() {
        os_unfair_lock_lock(&self.storage)
        count += 1
        os_unfair_lock_unlock(&self.storage)
    }
}

/// pthread locks in an actor and in a generic class with a `where` clause.
actor Journal {
    private var entriesLock = pthread_rwlock_t() // expect: unsafe_os_lock
    private var entries: [String] = []

    init() { pthread_rwlock_init(&entriesLock, nil) }
}

final class Box<Value> where Value: Sendable {
    @usableFromInline
    var mutex: pthread_mutex_t = PTHREAD_MUTEX_INITIALIZER // expect: unsafe_os_lock
    var value: Value
    init(_ value: Value) { self.value = value }

    func withValue<R>(_ body: (inout Value) -> R) -> R {
        withUnsafeMutablePointer(to: &mutex) { pthread_mutex_lock($0) }
        defer { pthread_mutex_unlock(&mutex) }
        return body(&value)
    }
}

/// Static and global locks: a `&` pointer is only valid for the call it is passed to.
enum Registry {
    static var lock = os_unfair_lock() // expect: unsafe_os_lock
    static var names: [String] = []

    static func add(_ name: String) {
        os_unfair_lock_lock(&Self.lock)
        names.append(name)
        os_unfair_lock_unlock(&Registry.lock)
    }
}

var sharedLock: os_unfair_lock = OS_UNFAIR_LOCK_INIT // expect: unsafe_os_lock
func withShared(_ body: () -> Void) {
    os_unfair_lock_lock(&sharedLock); body(); os_unfair_lock_unlock(&sharedLock)
}

/// Through a typealias declared in this file.
#if canImport(Darwin)
typealias PlatformLock = os_unfair_lock
#else
typealias PlatformLock = pthread_mutex_t
#endif

final class Platform {
    private var platformLock = PlatformLock() // expect: unsafe_os_lock
    func run() {
        #if canImport(Darwin)
        os_unfair_lock_lock(&platformLock)
        os_unfair_lock_unlock(&platformLock)
        #else
        pthread_mutex_lock(&platformLock)
        pthread_mutex_unlock(&platformLock)
        #endif
    }
}

extension Platform {
    final class Inner {
        var innerLock: os_unfair_lock? = os_unfair_lock() // expect: unsafe_os_lock
        func touch() { os_unfair_lock_lock(&innerLock!) }
    }
}
