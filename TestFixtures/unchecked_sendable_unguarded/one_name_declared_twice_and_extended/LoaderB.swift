import Foundation

// The same name declared again in the module: another class, of another build.
final class Loader: @unchecked Sendable {
    private var pending = 0

    func add() {
        pending += 1
    }
}
