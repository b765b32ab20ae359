import Foundation

struct DownloadSetup {
    let downloader: Downloader

    func strict() {
        downloader.policy = "strict"
    }
}
