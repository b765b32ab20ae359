import Combine
import SwiftUI

actor SettingsViewModel { // expect: actor_view_model
    var theme = "dark"
}

@available(iOS 17, macOS 14, *)
public actor CartStore: ObservableObject { // expect: actor_view_model
    @Published public var items: [String] = []
}

actor Inbox { // expect: actor_view_model
    @Published
    var unread = 0
}

actor Downloads { // expect: actor_view_model
    var queue: [URL] = []
}
extension Downloads: ObservableObject {}

// Correct view models and ordinary actors stay quiet.
@MainActor
final class ProfileViewModel: ObservableObject {
    @Published var name = ""
}

@MainActor
@Observable
final class FeedViewModel {
    var posts: [String] = []
}

actor ImageLoader {
    private var cache: [URL: Data] = [:]
}

actor ViewModelFactory {
    func make() -> Int { 1 }
}

enum Namespace {
    actor ThumbnailViewModel { // expect: actor_view_model
        var size = 0
    }
}

// Not code:
// actor CommentedViewModel {}
let text = "actor StringViewModel {}"
let raw = #"actor RawViewModel { @Published var x = 0 }"#
