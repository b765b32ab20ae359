import Foundation

enum Phase { case idle, busy }

struct Stats {
    var hits = 0
    var misses = 0
    var phase = Phase.idle
    var names: [String] = []
}

struct Only {
    var stamp = 0
}
