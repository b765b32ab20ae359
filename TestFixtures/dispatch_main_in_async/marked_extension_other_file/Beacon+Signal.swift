import Foundation

// The type's only `@MainActor` is on an extension in another file: this extension and its
// members are not isolated.
public extension Beacon {
    @objc static func signal(_ reply: @escaping @Sendable (String) -> Void) {
        Task {
            let answer = await ask()
            DispatchQueue.main.async { reply(answer) }
        }
    }

    func flash() {
        DispatchQueue.main.async { }
    }

    static func ask() async -> String { "" }
}

extension Lamp {
    func dim() {
        DispatchQueue.main.async { } // quiet: on the main actor the hop only defers the block
    }
}
