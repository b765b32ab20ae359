import Foundation
import Routing

// A wrapper in between: set-up of another module's instances, before they are shared.
struct Boot {
    let hooks = Hooks()

    func plugins() -> PluginSet {
        let set = PluginSet()
        set.register("auth")
        set.register("log")
        return set
    }

    func late(_ name: String) {
        hooks.add(name)
    }
}
