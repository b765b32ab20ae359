import Foundation
import Routing

// Set-up of another module's public instances, before they are shared.
struct Boot {
    func hooks() -> Hooks {
        let made = Hooks()
        made.add("auth")
        made.add("log")
        return made
    }
}
