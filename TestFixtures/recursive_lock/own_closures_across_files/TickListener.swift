import Foundation

/// Declared in another file: its implementations are code the ticker does not control.
protocol TickListener: AnyObject {
    func didTick(_ count: Int)
}
