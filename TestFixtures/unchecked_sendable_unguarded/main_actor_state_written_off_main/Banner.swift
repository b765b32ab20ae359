import Foundation

// A third: a delayed block on a global queue, through a forEach run on the spot.
final class Banner: @unchecked Sendable {
    private var messages: [String] = []

    func post(_ m: String) {
        DispatchQueue.main.async { self.messages.append(m) }
    }

    @MainActor var count: Int { messages.count }

    // Fires: the delayed block runs on a global queue; the forEach runs inside it.
    func expire(_ old: [String]) {
        DispatchQueue.global().asyncAfter(deadline: .now() + 5) {
            old.forEach { m in
                self.messages.removeAll { $0 == m } // expect: unchecked_sendable_unguarded
            }
        }
    }
}
