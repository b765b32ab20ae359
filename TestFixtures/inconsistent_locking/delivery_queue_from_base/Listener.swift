import Foundation

/// Shape 3: the queue lives in a base class that receives it; a subclass in another file
/// delivers its user's callbacks there through a protocol's method.
public protocol EventSink: AnyObject {
    func deliver(_ event: String)
}

open class ListenerBase {
    public var queue: DispatchQueue

    public init(queue: DispatchQueue = .main) {
        self.queue = queue
    }
}

/// A base class that makes its own queue: a subclass's reads on it still count.
open class OwningBase {
    let queue = DispatchQueue(label: "owning.base")
}
