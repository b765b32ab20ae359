import Foundation

actor Session {
    var token: String?
}
