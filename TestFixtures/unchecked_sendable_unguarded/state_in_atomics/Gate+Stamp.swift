@available(macOS 15.0, iOS 18.0, *)
extension Gate {
    func stamp(_ t: Double) { openedAt = t }
}
