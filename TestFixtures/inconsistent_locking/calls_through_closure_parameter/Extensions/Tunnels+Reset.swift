import Foundation

// In another file, through the same helper: still a call the tool does not resolve.
extension Tunnels {
    func reset(_ id: String) {
        open(id)
    }
}
