import Foundation

// The protocol's set-up methods: any holder of a Configurable can call them, at any time.
extension Meter {
    func setUp() {
        ready = true // expect: unchecked_sendable_unguarded
    }

    func setup(_ value: Int) {
        scale = value // expect: unchecked_sendable_unguarded
    }
}
