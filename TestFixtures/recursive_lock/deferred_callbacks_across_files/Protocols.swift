import Foundation

protocol UploadHandler: AnyObject {
    func uploadFinished(_ id: Int)
}

/// Every implementation in the run hands the handler to a queue before it calls it.
protocol Uploader {
    func start(_ id: Int, handler: UploadHandler)
    func cancelAll()
}

/// One implementation calls back through a private helper before it returns.
protocol Announcer {
    func announce(_ id: Int, handler: UploadHandler)
}
