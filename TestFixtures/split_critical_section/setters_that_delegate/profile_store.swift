import Foundation

// A setter whose body is one call of a method of its type that writes the argument under a
// lock (`set { apply(newValue) }`) takes that lock as the method does: a value copied out
// through the getter, changed, and set back through such a setter is read and written in two
// holds. A setter whose helper takes no lock is no acquisition.

struct Profile {
    var name = ""
    var age = 0
}

final class ProfileStore {
    private let lock = NSLock()
    private var _profile = Profile()

    var profile: Profile {
        get { lock.withLock { _profile } }
        set { apply(newValue) }
    }

    private func apply(_ profile: Profile) {
        lock.withLock { _profile = profile }
    }

    func rename(_ name: String) {
        var p = profile
        p.name = name
        profile = p // expect: split_critical_section
    }
}

/// Quiet: the setter's helper takes no lock, so the setter is no second acquisition.
final class DraftStore {
    private let lock = NSLock()
    private var _draft = Profile()

    var draft: Profile {
        get { lock.withLock { _draft } }
        set { keep(newValue) }
    }

    private func keep(_ draft: Profile) {
        _draft = draft
    }

    func rename(_ name: String) {
        var d = draft
        d.name = name
        draft = d
    }
}
