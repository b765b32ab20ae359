import Foundation

/// Declared in another file: an actor the classes hold.
actor Usher {
    func admit<T>(_ body: () -> T) -> T { body() }
}

public final class Reader {
    public init() {}
}

final class Sink {
    func take() {}
}
