import Dependencies
import Foundation

enum Trace {
    @TaskLocal static var id: String?
}

// GCD drops task-local values and `Task {}` keeps them: a block that reads one may hop to the
// main queue on purpose (to leave a dependency context), so it is not reported.
@MainActor
final class FeatureModel {
    @Dependency(\.continuousClock)
    var clock
    var value = 0

    func escapeWithInstanceDependency() {
        DispatchQueue.main.async {
            _ = self.clock.now
        }
    }

    func escapeWithLocalDependency() {
        DispatchQueue.main.async {
            @Dependency(\.date) var date
            self.value = Int(date.now.timeIntervalSince1970)
        }
    }

    func escapeWithTaskLocal() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
            Trace.$id.withValue("late") { self.value += 1 }
        }
    }

    // No task-local read in the block: reported as usual, in the same type.
    func refresh() {
        DispatchQueue.main.async { // quiet: on the main actor the hop only defers the block
            self.value = 0
        }
    }
}
