import Foundation
import Base
import Screens

// Main-actor isolated through a superclass declared in another module: its state is the
// main actor's.
public final class AuthorizeStep: StepOperation, @unchecked Sendable {
    private var activity: Int?
    public override func run() { activity = 1 }
    public func finish() { activity = nil }
}

// Two superclasses up, through a third module.
final class WelcomeStep: ScreenStep, @unchecked Sendable {
    private var shown = 0
    override func show() { shown += 1 }
}

// A main-actor protocol of another module, conformed to in the declaration.
final class Banner: Presenting, @unchecked Sendable {
    private var visible = false
    func present() { visible = true }
}

// A superclass of another module that is not isolated: the subclass's state has no guard.
final class ImportStep: PlainOperation, @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private var count = 0
    override func run() { count += 1 }
}

// Two modules declare the name, only one isolated: the tool cannot tell which, and judges it.
final class SidePanel: Panel, @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private var width = 0
    func resize(_ w: Int) { width = w }
}
