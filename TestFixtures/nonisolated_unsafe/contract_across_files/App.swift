import Foundation

func configureLogging(path: String) {
    logDestination = path
}
