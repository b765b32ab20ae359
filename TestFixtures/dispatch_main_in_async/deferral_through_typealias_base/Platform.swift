#if os(iOS)
import UIKit
typealias PlatformController = UIViewController
#else
import AppKit
typealias PlatformController = NSViewController
#endif

// One branch names a class that is not isolated: on that platform nothing puts it on the main actor.
#if canImport(UIKit)
typealias Host = UIViewController
#else
typealias Host = NSObject
#endif

// Three branches, each a main-actor class (GLKit's view controller subclasses UIKit's).
#if os(macOS)
typealias RenderBase = NSViewController
#elseif USE_METAL
typealias RenderBase = UIViewController
#else
typealias RenderBase = GLKViewController
#endif
