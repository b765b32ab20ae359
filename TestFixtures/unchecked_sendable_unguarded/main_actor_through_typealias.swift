#if os(macOS)
import AppKit
typealias PlatformView = NSView
#else
import UIKit
typealias PlatformView = UIView
#endif

// A typealias naming a main-actor class in every branch: its subclasses are isolated too.
final class Badge: PlatformView, @unchecked Sendable {
    var count = 0
    func bump() { count += 1 }
}

// An alias of a class that is not a UI class: the state is reported.
typealias Model = NSObject

final class Tally: Model, @unchecked Sendable { // expect: unchecked_sendable_unguarded
    var hits = 0
    func hit() { hits += 1 }
}

// An alias with one branch that is not isolated: on that platform nothing checks the state.
#if os(macOS)
typealias Backing = NSView
#else
typealias Backing = NSObject
#endif

final class Meter: Backing, @unchecked Sendable { // expect: unchecked_sendable_unguarded
    var level = 0
    func raise() { level += 1 }
}
