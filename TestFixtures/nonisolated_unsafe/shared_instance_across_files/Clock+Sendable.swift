import Foundation

extension Clock: @unchecked Sendable {}
