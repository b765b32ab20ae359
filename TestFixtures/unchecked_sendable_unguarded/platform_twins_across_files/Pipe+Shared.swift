// An extension every platform compiles: its unguarded read is one finding, not one per twin.
extension Pipe {
    var isOpen: Bool { fd >= 0 } // expect: unchecked_sendable_unguarded
}
