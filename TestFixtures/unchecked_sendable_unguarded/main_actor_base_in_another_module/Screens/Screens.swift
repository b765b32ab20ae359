import Foundation
import Base

// A class between: isolated through its own superclass in another module.
open class ScreenStep: StepOperation, @unchecked Sendable {
    open func show() {}
}

@MainActor open class Panel {
    public init() {}
}
