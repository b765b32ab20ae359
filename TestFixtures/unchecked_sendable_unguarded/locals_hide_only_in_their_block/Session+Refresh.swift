import Foundation

extension Session {
    // A `do` block's local hides the property only inside the block.
    func refreshedLabel() -> String {
        do {
            let label = "refreshing"
            print(label)
        }
        return label // expect: unchecked_sendable_unguarded
    }

    // Quiet: the parameter hides the property for the whole method.
    func describe(label: String) -> String {
        label.uppercased()
    }
}
