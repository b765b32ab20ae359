import Foundation

extension Player {
    func restart() {
        position = 0 // expect: inconsistent_locking
    }
}
