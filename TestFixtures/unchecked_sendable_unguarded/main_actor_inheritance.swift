import UIKit

// UIKit classes are isolated to the main actor, and so are their subclasses: the compiler
// checks their state, whatever the @unchecked Sendable says.
class BaseScreen: UIViewController {}

final class ProfileScreen: BaseScreen, @unchecked Sendable {
    var name = ""
    func rename(_ n: String) { name = n }
}

final class Badge: UIView, @unchecked Sendable {
    var count = 0
    func bump() { count += 1 }
}

// NSLock is not a UI class: a subclass of NSObject with plain state is reported.
final class Tracker: NSObject, @unchecked Sendable { // expect: unchecked_sendable_unguarded
    var hits = 0
    func hit() { hits += 1 }
}
