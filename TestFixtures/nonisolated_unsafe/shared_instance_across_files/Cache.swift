import Foundation

final class Cache {
    var entries: [String: Data] = [:]
    var hits = 0
    var misses = 0
    var evictions = 0
}

final class Clock {
    var offset: TimeInterval = 0
}
