import Foundation

// Filled in on a fresh instance before it is returned, then only read. `addRoute` is called by
// no code of this module: only the test module calls it (through `@testable import`), on fresh
// instances too. Quiet.
final class Router: @unchecked Sendable {
    var routes: [String] = []

    func addRoute(_ route: String) {
        routes.append(route)
    }

    func addRoutes(_ more: [String]) {
        routes.append(contentsOf: more)
    }

    func match(_ path: String) -> String? {
        routes.first { $0 == path }
    }
}

func buildRouter() -> Router {
    let router = Router()
    router.addRoutes(["/", "/health"])
    return router
}
