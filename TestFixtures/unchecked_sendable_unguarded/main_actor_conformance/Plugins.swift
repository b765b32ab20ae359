import Foundation

@MainActor
public protocol EmptyStatePlugin: AnyObject {
    func showEmpty(text: String?)
}

/// Refines a main-actor protocol: conforming to it is conforming to that one.
public protocol ToastPlugin: EmptyStatePlugin {
    func showToast(_ text: String)
}
