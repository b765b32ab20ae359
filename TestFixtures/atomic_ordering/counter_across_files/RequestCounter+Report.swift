import Atomics

/// The declaration is in another file, so this file does not see every use of 'served':
/// its load is not judged here.
extension RequestCounter {
    var summary: String { "served \(served.load(ordering: .sequentiallyConsistent))" }
}
