import Foundation

func checkLimiter() {
    let fixed = Date(timeIntervalSince1970: 100)
    let limiter = AttemptLimiter(currentTime: { fixed })
    limiter.describe = { n in String(n) }
    _ = limiter.record()
    let later = AttemptLimiter { Date(timeIntervalSince1970: 200) }
    _ = later.record()
}
