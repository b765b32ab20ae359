import Foundation

// An `if`/`switch` on a property whose every branch falls through does not decide whether an
// await and a write after it happen: a counter bumped after them counts every call.
actor Throttle {
    private var misses = 0
    private var hits = 0
    private var mode = 0
    private var interval = 1.0

    // A switch whose cases only pick another value, then an await and the count.
    func sample(_ ok: Bool) async {
        if ok {
            hits = 0
        } else {
            switch misses {
            case 2:
                interval = 0.5
            case 4:
                interval = 0.25
            default:
                break
            }
            await apply(interval)
            misses += 1
        }
    }

    // Another spelling: an `if`/`else if` chain on the property, no branch leaves.
    func tick() async {
        if hits > 10 {
            mode = 2
        } else if hits > 5 {
            mode = 1
        }
        await apply(Double(mode))
        hits = hits &+ 1
    }

    // Still reported: the switch leaves in one case, so the code after it acts on the read.
    func sampleOrStop() async {
        switch misses {
        case 8:
            return
        default:
            interval = 1
        }
        await apply(interval)
        misses += 1 // expect: actor_reentrancy
    }

    // Still reported: the write is inside the branch the read chose.
    func raise() async {
        if misses >= 15 {
            await apply(2)
            misses = 0 // expect: actor_reentrancy
        } else {
            misses += 1
        }
    }

    // Still reported: the await is in the branch the read chose, the write relies on it.
    func restart() async {
        if mode != 0 {
            await apply(0)
        }
        mode = 3 // expect: actor_reentrancy
    }

    // Still reported: `break` leaves the loop, not only the switch's case.
    func drain(_ items: [Int]) async {
        for item in items {
            if misses > item { break }
            await apply(Double(item))
            misses += 1 // expect: actor_reentrancy
        }
    }

    private func apply(_ value: Double) async { try? await Task.sleep(nanoseconds: UInt64(value)) }
}
