import Foundation

// A method the creator calls on a fresh local before handing it on (`let x = T(); x.m()`) sets
// the instance up: its writes need no lock. The same method called again on an instance held in a
// stored property, from code that runs after the object is shared, is no longer set-up.
final class Inbox: @unchecked Sendable {
    var filter: String?

    init() {}

    func install(_ f: String) {
        filter = f
    }

    func matches(_ s: String) -> Bool { s == filter }
}

final class Outbox: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    var route: String?

    init() {}

    func install(_ r: String) {
        route = r
    }

    func send(_ s: String) -> Bool { s == route }
}

final class Mailer {
    let inbox: Inbox
    let outbox: Outbox

    init() {
        let i = Inbox()
        i.install("spam")
        inbox = i
        let o = Outbox()
        o.install("smtp")
        outbox = o
    }

    func reroute(_ r: String) {
        outbox.install(r)
    }
}
