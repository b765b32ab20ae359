actor Downloader {
    var finished = 0

    func flush() async {}
}
