// The reference names the class by its qualified name: the call is `Uploads.Transfer`'s alone.
final class Scheduler {
    let upload: Uploads.Transfer

    init(upload: Uploads.Transfer) { self.upload = upload }

    func tick() {
        upload.flush()
    }
}
