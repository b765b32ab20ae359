import Foundation

// Value types declared apart from the properties that hold them: a change to one member goes
// through the holder's getter and setter all the same.
struct Traffic {
    var sent: Int64 = 0
    var received: Int64 = 0
    var link: Link?
}

struct Link {
    var name = ""
    var rate = 0.0
}

// One stored var: setting it replaces everything the value holds.
struct Snapshot {
    var value = 0
}

// A reference: a member write goes to the object, not through the holder's setter.
final class Tally {
    var count = 0
}
