import Foundation

// A global whose comment confines it to the owner that uses it, written in another file.
/// Only accessed through `SessionStore`, which its owner calls from one thread.
nonisolated(unsafe) var activeSessionID: String? = nil

// The same shape with a comment that confines nothing.
/// The session currently shown, only if any.
nonisolated(unsafe) var shownSessionID: String? = nil // expect: nonisolated_unsafe
