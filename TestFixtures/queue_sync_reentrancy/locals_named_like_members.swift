import Foundation

// A local bound inside a block on the queue that has the name of a syncing member is the
// local: reading it calls nothing.

final class SessionTable: @unchecked Sendable {
    private let queue = DispatchQueue(label: "sessions")
    private var _activeID: String?
    private var rows: [String: Int] = [:]

    var activeID: String? {
        get { queue.sync { _activeID } }
        set { queue.async { self._activeID = newValue } }
    }

    // The implicit getter binds `activeID` with `guard let`: quiet.
    var activeRow: Int? {
        queue.sync {
            guard let activeID = _activeID else { return nil }
            return rows[activeID]
        }
    }

    // `if let` in another implicit getter: quiet.
    var rowOrZero: Int {
        queue.sync {
            if let activeID = _activeID { return rows[activeID] ?? 0 }
            return 0
        }
    }

}

extension SessionTable {
    // A closure parameter, and an `if var` inside it, in an extension's implicit getter: quiet.
    var activeRowCount: Int {
        queue.sync {
            [_activeID].compactMap { activeID -> Int? in
                if var activeID = activeID { activeID += "!"; return rows[activeID] }
                return nil
            }.count
        }
    }
}

final class Ledger: @unchecked Sendable {
    private let queue = DispatchQueue(label: "ledger")
    private var _total = 0
    private var _owner: String?

    var owner: String? { queue.sync { _owner } } // expect: queue_sync_reentrancy

    // `self.owner` is the member whatever the locals are: fires (reported at the getter's
    // `sync`, above).
    var ownerTag: String {
        queue.sync {
            guard let owner = self.owner else { return "" }
            return owner + "\(_total)"
        }
    }

    var total: Int { queue.sync { _total } } // expect: queue_sync_reentrancy

    // A binding that ended before the read does not hide the member: fires (reported at the
    // getter's `sync`, above).
    var doubled: Int {
        queue.sync {
            if _total > 0 { let total = _total * 2; _ = total }
            return total * 2
        }
    }
}
