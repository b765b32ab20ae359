import Foundation

// In another file, through a protocol's requirements: a getter and a method that runs a closure
// it cannot keep both answer their caller now. `dump()` does not.
extension Meter: Reading {
    var reading: Int {
        return total // expect: inconsistent_locking
    }

    func visit(_ body: (Int) throws -> Void) rethrows {
        try body(total) // expect: inconsistent_locking
    }

    func dump() {
        print(total) // expect: inconsistent_locking
    }
}
