import Foundation

final class Directory {
    private let access = SharedAccess(label: "dir")
    private var entries: [String: Int] = [:]
    func find(_ k: String) -> Int? { var v: Int?; access.reading { v = entries[k] }; return v }
    func put(_ k: String, _ v: Int) { access.writing { entries[k] = v } }
    func remove(_ k: String) { access.writing { entries[k] = nil } }
    func size() -> Int { entries.count } // expect: inconsistent_locking
}

final class Thermostat {
    private let padlock = Padlock()
    private var target = 20
    func raise() { padlock.guarding { target += 1 } }
    func lower() { padlock.guarding { target -= 1 } }
    func override(_ t: Int) { target = t } // expect: inconsistent_locking
}

final class Playlist {
    private let box = Guarded(0)
    private var tracks: [String] = []
    func add(_ t: String) { box.mutate { _ in tracks.append(t) } }
    func clear() { box.mutate { _ in tracks.removeAll() } }
    func first() -> String? { box.mutate { _ in _ = tracks.first }; return nil }
}

private let atlasQueue = DispatchQueue(label: "atlas", attributes: .concurrent)

final class Atlas {
    private var pins: [String: Int] = [:]
    func pin(_ k: String) -> Int? { atlasQueue.sync { pins[k] } }
    func place(_ k: String, _ v: Int) { atlasQueue.async(flags: .barrier) { self.pins[k] = v } }
    func wipe() { pins = [:] } // expect: inconsistent_locking
}

// A child that runs its change under its owner's lock, and is read only by that owner (under
// the same lock): the owner's lock guards the owner's use of it; the child has no lock of its own.
final class Switchboard {
    private let lock = NSLock()
    private var lines: [Line] = []
    func exclusively(_ body: () -> Void) { lock.lock(); defer { lock.unlock() }; body(); _ = lines.allSatisfy { $0.busy } }
}

final class Line {
    private unowned let board: Switchboard
    private var calls: [Int] = []
    init(board: Switchboard) { self.board = board }
    var busy: Bool { !calls.isEmpty }
    func ring(_ c: Int) { board.exclusively { calls.append(c) } }
}
