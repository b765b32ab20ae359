import Foundation

@MainActor open class StepOperation: @unchecked Sendable {
    public init() {}
    open func run() {}
}

open class PlainOperation: @unchecked Sendable {
    public init() {}
    open func run() {}
}
