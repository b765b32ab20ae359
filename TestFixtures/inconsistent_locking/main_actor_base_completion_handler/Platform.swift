#if os(macOS)
import AppKit
typealias BaseController = NSViewController
#else
import UIKit
typealias BaseController = UIViewController
#endif

// Something that calls a handler back when the GPU finishes, on a thread of its own.
protocol CommandBuffer {
    func addCompletedHandler(_ handler: @escaping (CommandBuffer) -> Void)
}
