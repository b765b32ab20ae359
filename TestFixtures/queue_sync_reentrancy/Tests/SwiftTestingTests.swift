import Testing

struct UploadTests {
    let queue = DispatchQueue(label: "upload.tests")

    @Test func uploadFinishes() {
        let uploader = Uploader(completionQueue: queue, delegate: self)
        uploader.start()
        queue.sync {}
    }
}
