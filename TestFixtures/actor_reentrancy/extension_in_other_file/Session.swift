import Foundation

actor Session {
    var credentials: String?
    var retries = 0
}
