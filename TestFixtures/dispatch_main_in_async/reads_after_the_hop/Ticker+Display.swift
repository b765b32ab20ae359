import Foundation

// An extension in another file: `ticks` is declared with the class, in the other file; the tool
// cannot see here whether it is stored, so the read after the hop is not reported.
extension TickerController {
    func show() {
        DispatchQueue.main.async { self.ticks = 1 }
        print(ticks)
    }

    // A property of this file's own extension cannot be stored: read after the hop of a
    // computed value, which the block does not set.
    var doubled: Int { ticks * 2 }
}
