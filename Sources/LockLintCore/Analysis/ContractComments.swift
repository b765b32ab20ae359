/// What a declaration's comment says about how its value is kept safe: a guard or thread it is
/// used from, or a setup-only contract (set once before the value is shared, never changed
/// afterwards). Rules read it as the author's word on what the tool cannot see, and say nothing.
public enum ContractComments {
    static let contractPhrases = [
        "not concurrency-safe", "not concurrency safe", "not thread-safe", "not thread safe", "single-threaded", "single threaded",
        "set once", "only set", "only be set", "set before", "must be set", "only written", "written once", "only accessed",
        "only used from", "only from the", "only on the", "protected by", "guarded by", "synchronized by", "under the lock",
        "before any", "at startup", "during startup", "at launch", "before use", "before using", "before it is used",
        "before calling", "before starting", "during setup", "during initialization", "during bootstrap", "at bootstrap", "only once",
        "once, before", "before the first", "copy-on-write", "cow semantics", "via cow",
    ]

    /// Words that, in a comment that names `nonisolated`, say why the opt-out is sound.
    static let justificationWords: Set<String> = ["safe", "fine", "because", "since", "ok", "okay", "acceptable", "intentional", "deliberately"]

    /// Modal words that, followed by `not`, state a rule (`must not be modified`).
    static let contractModals: Set<String> = ["must", "should", "shall", "may", "can", "do", "does", "will"]
    /// Stems of the verbs a setup-only contract forbids after setup.
    static let modificationStems = ["modif", "chang", "mutat", "writ", "reassign", "alter", "replac", "touch"]

    /// Whether a declaration's comment states how it is kept safe (or that it is not meant to
    /// be): a guard or thread it is used from, or a setup-only contract, either a time it is set
    /// (`set once at startup`, `configure before use`) or a rule against changing it afterwards
    /// (`must not be modified once the server is being used`, `never changed after launch`,
    /// `don't mutate after start()`).
    public static func documentsContract(_ comment: String) -> Bool {
        guard !comment.isEmpty else { return false }
        // Words, with `n't` read as `not` (`mustn't`, `don't`, `can't`; `cannot` too).
        let words: [String]
        if let lower = asciiLowercased(comment) {
            // ASCII (most comments): the same steps on bytes, without Foundation's string search.
            if contractPhraseBytes.contains(where: { ByteSearch.firstIndex(of: $0, in: lower, 0..<lower.count) != nil }) { return true }
            let replaced = replacingAll(replacingAll(lower, notContraction, with: notWords), cannot, with: canNot)
            words = asciiWords(replaced, digitsAndUnderscore: false)
        } else {
            let text = comment.lowercased()
            if contractPhrases.contains(where: { text.contains($0) }) { return true }
            words = text.replacingOccurrences(of: "n't", with: " not").replacingOccurrences(of: "cannot", with: "can not")
                .split(whereSeparator: { !$0.isLetter }).map(String.init)
        }
        // The comment explains the modifier itself (`nonisolated(unsafe) is fine here because …`).
        if words.contains("nonisolated") && words.contains(where: { justificationWords.contains(String($0)) }) { return true }
        if confinesUse(words) { return true }
        var k = 0
        while k < words.count {
            defer { k += 1 }
            var j: Int
            if words[k] == "never" {
                j = k + 1
            } else if contractModals.contains(String(words[k])) && k + 1 < words.count && words[k + 1] == "not" {
                j = k + 2
            } else {
                continue
            }
            // `be`, `ever`, `get`, `be ever` between the negation and the verb.
            while j < words.count && j < k + 5 && (words[j] == "be" || words[j] == "ever" || words[j] == "get" || words[j] == "been") { j += 1 }
            if j < words.count && modificationStems.contains(where: { words[j].hasPrefix($0) }) { return true }
        }
        return false
    }

    /// Words that may stand between `only` and the verb (`will only ever be accessed`).
    static let confinementFillers: Set<Substring> = ["ever", "be", "been", "being", "is", "are", "was", "get", "gets", "always"]
    /// Stems of the verbs of use that `only` confines (`only ever read`, `only touched`).
    static let confinedUseStems = ["access", "use", "touch", "call", "run", "mutat", "modif", "writ", "chang", "updat"]
    /// Pronouns that may be the confined verb's object (`only modify this from the actor`).
    static let confinedUseObjects: Set<Substring> = ["this", "it", "them", "these", "that", "those"]
    /// What names the place, thread or owner a confined use happens in or through.
    static let confinementPlaces: Set<Substring> = ["by", "from", "on", "in", "inside", "within", "under", "while", "during", "through", "via"]

    /// Whether the words say the value is used only by, from or on one owner, thread or context
    /// (`will only ever be accessed by the parser, which runs on its actor`, `is only used from
    /// the main queue`): `only`, at most three filler words, a verb of use, and where. A comment
    /// that only says what for (`only used for logging`) states no confinement.
    static func confinesUse<W: StringProtocol>(_ words: [W]) -> Bool {
        var k = 0
        while k < words.count {
            defer { k += 1 }
            guard words[k] == "only" else { continue }
            var j = k + 1
            while j < words.count && j <= k + 3 && confinementFillers.contains(Substring(words[j])) { j += 1 }
            guard j + 1 < words.count, confinedUseStems.contains(where: { words[j].hasPrefix($0) }) else { continue }
            // The verb's object may stand between it and the place (`only modify this from`).
            let place = j + 2 < words.count && confinedUseObjects.contains(Substring(words[j + 1])) ? j + 2 : j + 1
            if confinementPlaces.contains(Substring(words[place])) { return true }
        }
        return false
    }

    /// Whether a type's comment says it is not safe across threads or queues (`not thread/queue
    /// safe`, `not thread- or queue-safe`, `isn't threadsafe`).
    public static func statesConfinement(_ comment: String) -> Bool {
        guard !comment.isEmpty, mayHaveWord(comment, anyOf: negations, digitsAndUnderscore: false) else { return false }
        let words = asciiLowercased(comment).map { asciiWords($0, digitsAndUnderscore: false) }
            ?? comment.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
        for (k, w) in words.enumerated() where w == "not" || w == "isn" {
            // `not` then only thread/queue words, then `safe` (or `threadsafe`).
            var j = k + 1
            if j < words.count && words[j] == "t" { j += 1 }
            var sawSubject = false
            while j < words.count && j <= k + 6 {
                let x = words[j]
                if x == "threadsafe" { return true }
                if confinementSubjects.contains(x) {
                    sawSubject = true
                } else if x == "safe" && sawSubject {
                    return true
                } else if x != "or" && x != "and" {
                    break
                }
                j += 1
            }
        }
        return false
    }

    /// The words a comment names as the one place its type must be used from: `all interaction
    /// should be done on the handleQueue` → `handlequeue`; `must only be called from the main
    /// thread` → `main`, `thread`. Lowercased, at most three words after `on`/`from`/`in`.
    public static func confinementTargets(_ comment: String) -> [String] {
        guard !comment.isEmpty, mayHaveWord(comment, anyOf: modals, digitsAndUnderscore: true) else { return [] }
        let words = asciiLowercased(comment).map { asciiWords($0, digitsAndUnderscore: true) }
            ?? comment.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).map(String.init)
        var out: [String] = []
        for (k, w) in words.enumerated() where confinementModals.contains(w) {
            // A modal, `be` (with `only`/`always`), a verb of use, then `on`/`from`/`in`.
            var j = k + 1
            while j < words.count && j <= k + 3 && (words[j] == "only" || words[j] == "always" || words[j] == "be") { j += 1 }
            guard j < words.count, useStems.contains(where: { words[j].hasPrefix($0) }) else { continue }
            j += 1
            if j < words.count && (words[j] == "only" || words[j] == "exclusively") { j += 1 }
            guard j < words.count, words[j] == "on" || words[j] == "from" || words[j] == "in" else { continue }
            out += words[(j + 1)..<min(words.count, j + 4)].filter { $0 != "the" && $0 != "a" && $0 != "its" }
        }
        return out
    }

    /// The words a comment names, in the indicative, as where its type's code runs: `mutations
    /// happen on ioQueue` → `ioqueue`; `all reads and writes run on the workQueue` → `workqueue`.
    /// Lowercased, at most two words after `happen(s) on`, `occur(s) on`, `run(s) on` or `run(s)
    /// under`; callers keep only names the code declares as a queue or a lock.
    public static func statedExecutors(_ comment: String) -> [String] {
        guard !comment.isEmpty, mayHaveWord(comment, anyOf: executorVerbBytes, digitsAndUnderscore: true) else { return [] }
        let words = asciiLowercased(comment).map { asciiWords($0, digitsAndUnderscore: true) }
            ?? comment.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).map(String.init)
        var out: [String] = []
        for (k, w) in words.enumerated() where executorVerbs.contains(w) {
            var j = k + 1
            if j < words.count && (words[j] == "only" || words[j] == "exclusively" || words[j] == "always") { j += 1 }
            guard j < words.count, words[j] == "on" || words[j] == "under" else { continue }
            out += words[(j + 1)..<min(words.count, j + 3)].filter { $0 != "the" && $0 != "a" && $0 != "its" }
        }
        return out
    }

    static let executorVerbs: Set<String> = ["happen", "happens", "occur", "occurs", "run", "runs"]
    static let executorVerbBytes: [[UInt8]] = executorVerbs.sorted().map { Array($0.utf8) }

    /// False only when `comment` is ASCII and none of its words, lower-cased, is one of `words`:
    /// a first look before lower-casing and splitting it. A word is a run of letters (and, with
    /// `digitsAndUnderscore`, digits and `_`), as the splits below cut it; other scripts, whose
    /// letters and lower case differ, go the long way.
    static func mayHaveWord(_ comment: String, anyOf words: [[UInt8]], digitsAndUnderscore: Bool) -> Bool {
        var run: [UInt8] = []
        for b in comment.utf8 {
            if b >= 0x80 { return true }
            let lower = b >= 0x41 && b <= 0x5A ? b + 0x20 : b
            if (lower >= 0x61 && lower <= 0x7A) || (digitsAndUnderscore && ((b >= 0x30 && b <= 0x39) || b == 0x5F)) {
                run.append(lower)
            } else if !run.isEmpty {
                if words.contains(run) { return true }
                run.removeAll(keepingCapacity: true)
            }
        }
        return !run.isEmpty && words.contains(run)
    }

    /// The bytes of `comment` with ASCII upper case lowered, when it is all ASCII; nil otherwise.
    /// For ASCII text this is `lowercased()`, and a `Character` is one byte (or `\r\n`, which
    /// is no letter either way).
    static func asciiLowercased(_ comment: String) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(comment.utf8.count)
        for b in comment.utf8 {
            if b >= 0x80 { return nil }
            out.append(b >= 0x41 && b <= 0x5A ? b + 0x20 : b)
        }
        return out
    }

    /// The words of lower-cased ASCII `text`: runs of letters (and, with `digitsAndUnderscore`,
    /// digits and `_`), as splitting the string where a Character is not one of those cuts it.
    static func asciiWords(_ text: [UInt8], digitsAndUnderscore: Bool) -> [String] {
        var out: [String] = []
        var from = -1
        for (k, b) in text.enumerated() {
            let part = (b >= 0x61 && b <= 0x7A) || (digitsAndUnderscore && ((b >= 0x30 && b <= 0x39) || b == 0x5F))
            if part {
                if from < 0 { from = k }
            } else if from >= 0 {
                out.append(String(decoding: text[from..<k], as: UTF8.self))
                from = -1
            }
        }
        if from >= 0 { out.append(String(decoding: text[from...], as: UTF8.self)) }
        return out
    }

    /// `text` with every occurrence of `pattern` replaced by `replacement`, found from the start
    /// and not overlapping (as `replacingOccurrences(of:with:)` does).
    static func replacingAll(_ text: [UInt8], _ pattern: [UInt8], with replacement: [UInt8]) -> [UInt8] {
        guard var hit = ByteSearch.firstIndex(of: pattern, in: text, 0..<text.count) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.count + 8)
        var from = 0
        while true {
            out.append(contentsOf: text[from..<hit])
            out.append(contentsOf: replacement)
            from = hit + pattern.count
            guard let next = ByteSearch.firstIndex(of: pattern, in: text, from..<text.count) else { break }
            hit = next
        }
        out.append(contentsOf: text[from...])
        return out
    }

    static let contractPhraseBytes: [[UInt8]] = contractPhrases.map { Array($0.utf8) }
    static let notContraction = Array("n't".utf8)
    static let notWords = Array(" not".utf8)
    static let cannot = Array("cannot".utf8)
    static let canNot = Array("can not".utf8)

    /// The words `statesConfinement` and `confinementTargets` start from (see `mayHaveWord`).
    static let negations: [[UInt8]] = ["not", "isn"].map { Array($0.utf8) }
    static let modals: [[UInt8]] = confinementModals.sorted().map { Array($0.utf8) }
    static let confinementSubjects: Set<String> = ["thread", "threads", "queue", "queues", "actor", "loop", "concurrency"]
    static let confinementModals: Set<String> = ["must", "should", "shall", "needs", "need"]
    static let useStems = ["done", "call", "made", "use", "access", "perform", "run", "invok", "touch", "mutat", "modif", "interact"]
}
