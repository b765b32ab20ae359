import Foundation

final class HelpLinks {
    func page(_ topic: String) -> URL {
        let url = Links.help
            .appending(path: topic)
        Links.visited.append(url)
        return url
    }
}
