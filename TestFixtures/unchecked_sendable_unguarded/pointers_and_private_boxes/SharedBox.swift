import Foundation

// Fires: an internal box with no methods of its own; other files of the module can set it.
final class Mailbox: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    var letter: String = ""
}
