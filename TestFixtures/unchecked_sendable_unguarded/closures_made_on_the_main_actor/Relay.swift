import Foundation

// A project type that keeps a closure and calls it later. Its parameter is neither @Sendable nor
// `sending`, and it hands the closure to nobody: Swift gives a closure made on the main actor
// and passed here the main actor's isolation, wherever it is later called.
final class Relay<Input> {
    private var block: ((Input) -> Void)?
    func delegate(block: @escaping (Input) -> Void) { self.block = block }
    func call(_ v: Input) { block?(v) }
}
