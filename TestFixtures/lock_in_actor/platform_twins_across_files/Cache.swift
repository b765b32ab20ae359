import Foundation

// An actor where Synchronization exists, a class elsewhere: two types with one name.
#if canImport(Synchronization)
actor Cache {
    var items: [String: Int] = [:]
}
#else
final class Cache {
    var items: [String: Int] = [:]
    let lock = NSLock()
}
#endif
