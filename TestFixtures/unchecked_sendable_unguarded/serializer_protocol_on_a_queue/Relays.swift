import Foundation

/// Runs the jobs handed to it, one after another.
protocol WorkRelay: Sendable {
    func relay(_ job: @escaping () -> Void)
}

/// The run's only implementation: a serial queue of its own, jobs submitted with async.
struct OrderedRelay: WorkRelay {
    private let lane = DispatchQueue(label: "relay.lane")

    func relay(_ job: @escaping () -> Void) {
        lane.async(execute: job)
    }
}

/// Another relay protocol whose implementation submits to a queue its caller hands in.
protocol BorrowedRelay: Sendable {
    func submit(_ job: @escaping () -> Void)
}

struct LaneRelay: BorrowedRelay {
    let lane: DispatchQueue

    func submit(_ job: @escaping () -> Void) {
        lane.async(execute: .init(block: job))
    }
}
