import Foundation

// Base classes of one module of the run, subclassed in others.
@MainActor open class StepOperation: Hashable, @unchecked Sendable {
    public init() {}
    open func run() {}
    nonisolated public static func == (a: StepOperation, b: StepOperation) -> Bool { a === b }
    nonisolated public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}

// Not isolated: its subclasses guard their own state.
open class PlainOperation: @unchecked Sendable {
    public init() {}
    open func run() {}
}

// A main-actor protocol: a class that conforms to it in its declaration is isolated too.
@MainActor public protocol Presenting: AnyObject {
    func present()
}

// Declared here without isolation, and isolated in Screens: the run cannot tell which one a
// subclass means.
open class Panel {
    public init() {}
}
