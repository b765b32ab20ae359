import Foundation

extension Inbox {
    // Quiet: `messages` is the parameter (`[weak self] messages -> T in`), not the property.
    func render(_ pages: [[String]]) -> [String] {
        pages.compactMap { [weak self] messages -> String? in
            guard self != nil else { return nil }
            return messages.first
        }
    }

    // Quiet: a parenthesised, typed parameter with a result type.
    func widths(_ pages: [[String]]) -> [Int] {
        pages.map { (messages: [String]) -> Int in messages.count }
    }

    // Fires: the parameter is `page`; `messages` is the property, read without the lock.
    func header(_ pages: [[String]]) -> [String] {
        pages.map { page -> String in
            "\(page.count) of \(messages.count)" // expect: inconsistent_locking
        }
    }
}
