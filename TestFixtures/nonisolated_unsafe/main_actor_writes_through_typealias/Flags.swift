import Foundation

enum Layout {
    // Written only by a subclass of a class whose base is an alias of a UIKit view.
    nonisolated(unsafe) static var dense = false
    // Written by a subclass of an alias with a branch that is not a UI class.
    nonisolated(unsafe) static var inset = 0 // expect: nonisolated_unsafe
}
