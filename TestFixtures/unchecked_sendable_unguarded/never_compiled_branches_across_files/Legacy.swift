import Foundation

#if false
extension Tally {
    func resetTotal() { total = 0 }
}
#endif

extension Tally {
    func resetMisses() {
        misses = 0 // expect: unchecked_sendable_unguarded
    }
}
