import LockLintCore

/// `actor_view_model`: a view model declared as an `actor`.
public struct ActorViewModelRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "actor_view_model",
        name: "Actor as view model",
        summary: "A view model declared as an actor keeps UI state off the main actor",
        rationale: """
            SwiftUI reads a view model's state while rendering, on the main actor, and expects change \
            notifications (ObservableObject's objectWillChange, @Published, @Observable) on the main thread. An \
            actor's state lives on the actor's own executor: every read from a view needs `await`, and changes are \
            published from a background thread, which SwiftUI warns about and can render inconsistently.
            """,
        fix: """
            Declare the view model `@MainActor final class …ViewModel` (with @Observable, or ObservableObject and \
            @Published); move slow work into an actor or a nonisolated async function that the view model awaits.
            """,
        knownLimits: """
            Fires on an actor whose name ends in ViewModel, or that conforms to ObservableObject (in its declaration \
            or an extension in the same file), or that has @Published properties. A conformance added in another \
            file is not followed. Reported at the actor's name.
            """,
        enabledByDefault: false,
        inTests: .skipped("where a view model is isolated is a design question for the product, not the test"),
        triggeringExamples: [
            """
            actor ↓ProfileViewModel {
                var name = ""
            }
            """,
            """
            @available(iOS 17, *)
            actor ↓Store: ObservableObject {
                @Published var items: [String] = []
            }
            """,
            """
            actor ↓Feed {
                @Published
                var posts: [String] = []
            }
            """,
        ],
        nonTriggeringExamples: [
            "@MainActor final class ProfileViewModel: ObservableObject { @Published var name = \"\" }",
            "actor ImageLoader { var cache: [URL: Data] = [:] }",
            "actor ViewModelRegistry { var models: [String] = [] }",
            "// actor FakeViewModel {}",
            "let text = \"actor SomeViewModel {}\"",
        ]
    )

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        var out: [Diagnostic] = []
        // The types that extensions in this file make ObservableObject, gathered once (a scan
        // per actor would be quadratic in the declarations).
        var observableByExtension = Set<String>()
        for (e, d) in s.decls.enumerated() where d.kind == .extension && !d.inheritance.isEmpty
            && s.inheritedTypes(of: e).contains(where: { $0.name == "ObservableObject" }) {
            observableByExtension.insert(d.nameText)
        }
        for (di, d) in s.decls.enumerated() where d.kind == .actor && d.name >= 0 {
            let name = d.nameText
            let conformsHere = s.inheritedTypes(of: di).contains { $0.name == "ObservableObject" }
            let conformsInExtension = observableByExtension.contains(name)
            let published = s.children[di].filter { m in
                s.decls[m].kind == .variable && s.attributeNames(s.decls[m]).contains("Published")
            }
            let message: String
            var notes: [Note] = []
            if conformsHere || conformsInExtension {
                message = "actor '\(name)' conforms to ObservableObject: its objectWillChange fires on the actor's executor, not the main thread SwiftUI observes from"
            } else if let p = published.first {
                message = "actor '\(name)' has @Published properties: they publish changes from the actor's executor, off the main thread"
                notes.append(context.note(at: s.decls[p].name >= 0 ? s.decls[p].name : s.decls[p].keyword, "'\(s.decls[p].nameText)' is @Published here"))
            } else if name.hasSuffix("ViewModel") {
                message = "view model '\(name)' is an actor: views would need await for every read, and its state lives off the main actor"
            } else {
                continue
            }
            out.append(context.diagnostic(
                description, at: d.name, message: message, notes: notes,
                fixIt: FixIt("declare it `@MainActor final class \(name)` (with @Observable, or ObservableObject and @Published) and keep slow work in an actor it awaits")))
        }
        return out
    }
}
