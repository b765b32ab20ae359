import Foundation

// Conforming, in its own declaration, to a protocol isolated to the main actor makes the class
// isolated to it: the compiler keeps its state on the main actor.
open class EmptyStateImpl: NSObject, EmptyStatePlugin, @unchecked Sendable {
    open var defaultText: String? = nil
    open var fadeAnimated = false

    open func showEmpty(text: String?) {
        defaultText = text ?? defaultText
        fadeAnimated = true
    }
}

// Through a protocol that refines it.
final class ToastImpl: ToastPlugin, @unchecked Sendable {
    var lastToast: String? = nil
    var count = 0

    func showEmpty(text: String?) { lastToast = text }
    func showToast(_ text: String) {
        lastToast = text
        count += 1
    }
}
