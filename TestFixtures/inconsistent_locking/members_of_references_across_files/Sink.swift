// A protocol only classes can adopt, declared apart from its users.
protocol UploadSink: AnyObject {
    var paused: Bool { get set }
}
