#if os(macOS)
import AppKit
typealias Screen = NSViewController
#else
import UIKit
typealias Screen = UIViewController
#endif
