import Foundation

// In another file: `if case` and `guard case` bindings, then a read after the if's body.
extension Relay {
    func offer(_ input: RelayInput) {
        guard case .both(let total, _) = input else { return }
        print(total)
        if case let .value(latest as String) = input {
            print(latest)
        }
    }

    func peek(_ input: RelayInput) -> String? {
        if case let .value(latest as String) = input {
            print(latest)
        }
        return latest // expect: unchecked_sendable_unguarded
    }
}
