actor Downloader {
    var finished = 0
}
