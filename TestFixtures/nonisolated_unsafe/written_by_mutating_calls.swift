import Foundation

struct Tally {
    private var total = 0
    mutating func bump(_ change: (inout Int) -> Void) { change(&total) }
    func peek(_ look: (Int) -> Void) { look(total) }
}

struct Point {
    var x = 0.0
    var y = 0.0
}

func shift(_ value: inout Double) { value += 1 }

// Changed by a mutating method called with a trailing closure: written, with no lock.
nonisolated(unsafe) var hits = Tally() // expect: nonisolated_unsafe
// Only a method its struct does not declare `mutating` is called on it: reported, a `let` would do.
nonisolated(unsafe) var misses = Tally() // expect: nonisolated_unsafe
// A member passed inout: written.
nonisolated(unsafe) var cursor = Point() // expect: nonisolated_unsafe
// Read in a condition whose body follows: `if origin.x > 0 { … }` calls nothing.
nonisolated(unsafe) var origin = Point() // expect: nonisolated_unsafe

func record() {
    hits.bump { $0 += 1 }
    misses.peek { print($0) }
    shift(&cursor.x)
    if origin.x > 0 { print("right") }
}
