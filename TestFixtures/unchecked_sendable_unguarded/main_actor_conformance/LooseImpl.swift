import Foundation

// Conformance added in an extension infers nothing: the class itself is not isolated.
final class LooseImpl: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    var lastText: String? = nil
    var shown = 0

    func record(_ text: String?) {
        lastText = text
        shown += 1
    }
}

extension LooseImpl: EmptyStatePlugin {
    func showEmpty(text: String?) { record(text) }
}

// A protocol isolated to nothing: conforming to it infers nothing.
protocol Recording: AnyObject {
    func record(_ text: String?)
}

final class PlainRecorder: NSObject, Recording, @unchecked Sendable { // expect: unchecked_sendable_unguarded
    var text: String? = nil
    var shown = 0

    func record(_ text: String?) {
        self.text = text
        shown += 1
    }
}
