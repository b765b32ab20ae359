import UIKit

final class SummaryScreen: BaseScreen {
    func useCompactLayout() { Flags.compact = true }
}

extension Presenting {
    func presentSheet(_ n: Int) { Flags.sheet = n }
}

final class Observer: NSObject {
    func changed(_ n: Int) { Flags.observed = n }
}

extension Scene {
    func reload() { Flags.stage = "again" }
}
