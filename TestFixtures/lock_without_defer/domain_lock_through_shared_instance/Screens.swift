import SwiftUI

struct PlayerSheet: View {
    @State var keepOrientation = false

    var body: some View {
        Text("Player")
            .onChange(of: keepOrientation) { _, on in
                if on {
                    Orientation.shared.lock()  // Quiet: the type's lock() takes no lock; it stays on.
                } else {
                    Orientation.shared.unlock()
                }
            }
            .onAppear {
                Orientation.shared.lock(to: 2)
            }
    }
}

enum Locks {
    static let registry = NSLock()
}

final class Settings {
    var values: [String: String] = [:]
}

func store(_ key: String, _ value: String?, in settings: Settings) {
    Locks.registry.lock()  // expect: lock_without_defer
    guard let value else { return }
    settings.values[key] = value
    Locks.registry.unlock()
}
