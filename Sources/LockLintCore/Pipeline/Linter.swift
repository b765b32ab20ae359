/// The pipeline: read files, lex, build structure, run rules, filter suppressions, report.
///
///     pass 1 (parallel, per file): read → lex → structure → facts + rules with the file's own facts
///     merge every file's facts into the project index
///     (parallel, only files that may write a variable some rule asks about) the writes of other
///         files' variables (see `StateWrites`)
///     pass 2 (parallel, only files whose facts questions get other answers): the rules (and the guard
///         log extraction) that asked those questions, again; the other rules' findings are kept
///     sort findings by path, line, column, rule id
///
/// Files are never all held at once: a file's bytes and tokens live only while it is processed.
public struct LintInput: Sendable {
    public var path: String
    /// Contents given directly (standard input); read from `path` when nil.
    public var bytes: [UInt8]?
    /// Which of the settings' profiles (configurations) applies to this file.
    public var profile: Int
    /// Test code, deployment targets, isolation; worked out from the file's package when nil.
    public var context: FileContext?
    /// The walk found the file in a generated folder (see `FileWalker.Result.generated`).
    public var inGeneratedFolder: Bool
    public init(path: String, bytes: [UInt8]? = nil, profile: Int = 0, context: FileContext? = nil, inGeneratedFolder: Bool = false) {
        self.path = path
        self.bytes = bytes
        self.profile = profile
        self.context = context
        self.inGeneratedFolder = inGeneratedFolder
    }
}

/// The rules, severities and vocabulary that one configuration file gives.
public struct LintProfile: Sendable {
    public let rules: [any Rule]
    /// Severity per rule id (config overrides applied).
    public let severities: [String: Severity]
    public let configuration: Configuration
    public let vocabulary: LockVocabulary
    /// The ids of `rules` and each one's severity, in the same order: worked out once per
    /// profile, not hashed again for every file.
    let ruleIDs: Set<String>
    let ruleSeverities: [Severity]
    /// What each rule reports in test code, after the configuration's `inTests`.
    let ruleTestPolicies: [TestCodePolicy.Kind]
    /// Each rule's `"strict"` setting.
    let ruleStrict: [Bool]
    /// Some rule reads the guard inference (see `Rule.needsGuardInference`).
    let needsGuardInference: Bool
    /// Some rule reads the writes of other files (see `Rule.needsStateWrites`).
    let needsStateWrites: Bool

    public init(rules: [any Rule], severities: [String: Severity] = [:], configuration: Configuration = Configuration()) {
        self.rules = rules
        var severities = severities
        for r in rules where severities[r.description.id] == nil {
            severities[r.description.id] = r.description.defaultSeverity
        }
        self.severities = severities
        self.configuration = configuration
        self.vocabulary = configuration.vocabulary
        self.ruleIDs = Set(rules.map(\.description.id))
        self.ruleSeverities = rules.map { severities[$0.description.id] ?? $0.description.defaultSeverity }
        self.needsGuardInference = rules.contains { $0.needsGuardInference }
        self.needsStateWrites = rules.contains { $0.needsStateWrites }
        self.ruleStrict = rules.map { configuration.rules[$0.description.id]?.strict ?? false }
        self.ruleTestPolicies = rules.map { r in
            switch configuration.rules[r.description.id]?.inTests {
            case .all?: .reported
            case .none?: .skipped
            case .default?, nil: r.description.inTests.kind
            }
        }
    }
}

public struct LintSettings: Sendable {
    public var profiles: [LintProfile]
    public var includeGenerated: Bool
    public var jobs: Int
    /// Every rule id the tool knows (for suppression comments naming unknown rules).
    public var knownRuleIDs: Set<String>
    /// Record a hash of each file's contents as linted (for `--fix`, which must not overwrite a
    /// file changed since).
    public var recordContentHashes = false

    public init(profiles: [LintProfile], includeGenerated: Bool = false, jobs: Int = 0, knownRuleIDs: Set<String>) {
        self.profiles = profiles
        self.includeGenerated = includeGenerated
        self.jobs = jobs
        self.knownRuleIDs = knownRuleIDs
    }

    /// One profile for every file.
    public init(rules: [any Rule], severities: [String: Severity] = [:], configuration: Configuration = Configuration(),
                includeGenerated: Bool = false, jobs: Int = 0, knownRuleIDs: Set<String> = []) {
        self.init(profiles: [LintProfile(rules: rules, severities: severities, configuration: configuration)],
                  includeGenerated: includeGenerated, jobs: jobs,
                  knownRuleIDs: knownRuleIDs.isEmpty ? Set(rules.map { $0.description.id }) : knownRuleIDs)
    }
}

public struct LintReport: Sendable {
    /// Findings (and file errors, as `file_error` findings), in output order.
    public var diagnostics: [Diagnostic] = []
    public var filesLinted = 0
    public var generatedSkipped = 0
    /// Files whose rules ran a second time with project-wide facts.
    public var filesRecheckedWithProjectFacts = 0
    public var bytesRead = 0
    /// Path → hash of the contents that were linted (when asked for).
    public var contentHashes: [String: UInt64] = [:]
    /// Wall time of each phase (printed with SWIFT_LOCK_LINT_TIMING=1).
    public var phaseTimes: [(String, Duration)] = []
}

public enum Linter {
    public static let fileErrorRuleID = "file_error"

    struct FileOutcome: Sendable {
        var diagnostics: [Diagnostic] = []
        var facts = ProjectIndex()
        /// The questions asked, each with who asked it: the guard log extraction (while the
        /// answers of its questions stay the same, the file's guard logs do too) or a rule.
        var questions = RecordedQuestions()
        /// The names the file spells, when its questions are judged by them (see `RuleContext.isLockingMemberName`).
        var spelledNames: RuleContext.SpelledNames? = nil
        /// The rules' findings before suppressions, in rule order; `foundEnds[k]` is where rule
        /// `k`'s end. A later pass runs again only the rules whose questions get other answers,
        /// and takes the others' findings from here.
        var found: [Diagnostic] = []
        var foundEnds: [Int] = []
        /// The guard logs were extracted in this run of the file (in `facts.guardLogs`).
        var logsExtracted = false
        var module = ""
        var generated = false
        var linted = false
        var bytes = 0
        var hash: UInt64? = nil
        /// When a rule reads other files' writes: the hashes of the names the file may write, and
        /// the names of its `nonisolated` declarations (see `StateWrites`).
        var writtenNames: [UInt64]? = nil
        var nonisolatedNames: [String] = []
        /// Its free functions and the names each may write (see `StateWrites.writerFunctions`).
        var writerFunctions: [String: [String]] = [:]
        /// For test code of a module the manifest names, the modules it imports (whose names it may set).
        var importedModules: [String] = []
    }

    /// Who asked a question (see `RecordedQuestions`): the guard log extraction, or rule `k` of
    /// the profile (rules past the 63rd share one mask: any of their questions runs them all again).
    static let extractionAsker: UInt64 = 1 << 63
    static let ruleAskers: UInt64 = ~extractionAsker
    static func ruleAsker(_ k: Int) -> UInt64 { k < 63 ? 1 << UInt64(k) : ruleAskers }

    public static func lint(_ inputs: [LintInput], settings: LintSettings) async -> LintReport {
        let jobs = max(1, settings.jobs > 0 ? settings.jobs : ProcessorCount.online)
        let clock = ContinuousClock()
        let t0 = clock.now
        // Each file's context (test code, deployment, isolation) from its package manifest:
        // one look per folder and one read per manifest, before the parallel work.
        var inputs = inputs
        var resolver = FileContextResolver()
        for k in inputs.indices where inputs[k].context == nil {
            inputs[k].context = resolver.context(forPath: inputs[k].path)
        }
        let contexts = inputs
        // Pass 1: every file with its own facts.
        var outcomes = await parallelMap(inputs.count, jobs: jobs) { i in
            process(contexts[i], settings: settings, projectIndex: nil)
        }
        let t1 = clock.now
        // Merge facts, in input order so the result is the same whatever the parallelism.
        var index = ProjectIndex()
        // (By index: a `for o in outcomes` loop would copy each outcome.)
        // Uses of members through other references first, only of the run's classes (the only
        // ones the guard inference reads), each file's dropped once filed: before the merge of
        // the rest, so that they are not all held while the merged index grows.
        var classes = Set<String>()
        for k in outcomes.indices { classes.formUnion(outcomes[k].facts.classNames) }
        for k in outcomes.indices {
            index.addOutsideCalls(outcomes[k].facts.outsideCalls, of: classes)
            outcomes[k].facts.outsideCalls = [:]
        }
        // Of a file's own facts, once merged, a later pass reads only its guard logs (whether
        // they changed): the rest is dropped as it is merged, not held until the run ends.
        for k in outcomes.indices {
            index.merge(outcomes[k].facts, outsideCalls: false)
            let logs = outcomes[k].facts.guardLogs
            outcomes[k].facts = ProjectIndex()
            outcomes[k].facts.guardLogs = logs
        }
        index.finish()
        index.finishGuards()
        // The writes of other files' variables, now that the names asked about are known: only
        // from the files that may write one of their module's names.
        var asked: [String: [String]] = [:]
        for k in outcomes.indices where outcomes[k].writtenNames != nil {
            asked[outcomes[k].module, default: []].append(contentsOf: outcomes[k].nonisolatedNames)
        }
        // And the free functions that write one of them: where they are called, and whether a
        // lock is held there, says whether their writes hold one.
        let askedVariables = Set(asked.values.joined())
        if !askedVariables.isEmpty {
            for k in outcomes.indices where outcomes[k].writtenNames != nil {
                for (function, written) in outcomes[k].writerFunctions where written.contains(where: askedVariables.contains) {
                    asked[outcomes[k].module, default: []].append(function)
                }
            }
        }
        let filters = asked.mapValues { StateWrites.NameFilter($0) }
        // A file of a target its manifest names can write only what its module and the modules
        // it depends on declare; its own module's names are asked of it. A file whose module is
        // only guessed from its folder (an app's sources) may write any module's names: "never
        // written in any file of the run" must hold whatever module a folder is guessed to be.
        // Test code also sets what the modules it imports declare (`@testable import`: an
        // intercept or a switch a test flips): it is asked their names too.
        let all = StateWrites.NameFilter(asked.values.joined())
        // A module is keyed by its folder (`…/Sources/Lib`): an import names one of its folders.
        var modulesByFolder: [Substring: [String]] = [:]
        for key in asked.keys { for part in Set(key.split(separator: "/")) { modulesByFolder[part, default: []].append(key) } }
        var importFilters: [[String]: StateWrites.NameFilter] = [:]
        let chosen: [(file: Int, filter: StateWrites.NameFilter)] = outcomes.indices.compactMap { k in
            guard let written = outcomes[k].writtenNames, outcomes[k].linted else { return nil }
            let f: StateWrites.NameFilter?
            if contexts[k].context?.module == nil {
                f = all
            } else if outcomes[k].importedModules.isEmpty {
                f = filters[outcomes[k].module]
            } else {
                let modules = [outcomes[k].module] + outcomes[k].importedModules.flatMap { modulesByFolder[Substring($0)] ?? [] }.sorted()
                if importFilters[modules] == nil { importFilters[modules] = StateWrites.NameFilter(modules.flatMap { asked[$0] ?? [] }) }
                f = importFilters[modules]
            }
            guard let f, !f.isEmpty, f.meets(written) else { return nil }
            return (k, f)
        }
        let writers = chosen.map(\.file)
        let writerFilters = chosen.map(\.filter)
        // (What each file may write served only to choose these.)
        for k in outcomes.indices where outcomes[k].writtenNames != nil {
            outcomes[k].writtenNames = nil
            outcomes[k].nonisolatedNames = []
            outcomes[k].writerFunctions = [:]
            outcomes[k].importedModules = []
        }
        let known = index
        let writerModules = writers.map { outcomes[$0].module }
        let writes = await parallelMap(writers.count, jobs: jobs) { j in
            stateWrites(contexts[writers[j]], settings: settings, names: writerFilters[j], index: known, module: writerModules[j])
        }
        for (j, k) in writers.enumerated() { index.add(writes[j], module: outcomes[k].module) }
        let t1w = clock.now
        // Later passes: files whose questions get other answers now that every file is known.
        // A file linted again may say more about a class declared elsewhere (an extension's
        // uses of its state), which can change the guard inference's answers for other files:
        // repeat until nothing changes (three passes at most after the first). The questions
        // are asked in parallel: each file's are independent.
        var rechecked = Set<Int>()
        var passes = 0
        while passes < 3 {
            let current = index
            // After the first of these passes only the guard logs (and the findings inferred from
            // them) differ from the index the files were last linted with: no other answer can change.
            let changes = await changedAnswers(outcomes, inputs: contexts, index: current, onlyGuardFindings: passes > 0, jobs: jobs)
            let recheck = outcomes.indices.filter { changes[$0] != 0 }
            if recheck.isEmpty { break }
            passes += 1
            // Only the rules (and the extraction) that asked a question whose answer changed run
            // again; the others' findings are the ones they gave before.
            let earlier = recheck.map { (found: outcomes[$0].found, ends: outcomes[$0].foundEnds) }
            let again = await parallelMap(recheck.count, jobs: jobs) { j in
                let asked = changes[recheck[j]]
                return process(contexts[recheck[j]], settings: settings, projectIndex: current,
                               extractLogs: asked & extractionAsker != 0, rerun: asked, earlier: earlier[j])
            }
            var logsChanged = false
            for (j, k) in recheck.enumerated() {
                rechecked.insert(k)
                outcomes[k].diagnostics = again[j].diagnostics
                outcomes[k].found = again[j].found
                outcomes[k].foundEnds = again[j].foundEnds
                // The questions of what did not run again stay, with their answers (the same).
                let redone = (changes[k] & ruleAskers) | (again[j].logsExtracted ? extractionAsker : 0)
                outcomes[k].questions = outcomes[k].questions.replacing(redone, with: again[j].questions)
                if again[j].logsExtracted && again[j].facts.guardLogs != outcomes[k].facts.guardLogs {
                    index.replaceGuardLogs(of: contexts[k].path, with: again[j].facts)
                    outcomes[k].facts.guardLogs = again[j].facts.guardLogs
                    logsChanged = true
                }
            }
            if logsChanged { index.finishGuards() }
        }
        let t2 = clock.now
        var report = LintReport()
        report.phaseTimes = [("pass 1", t1 - t0), ("merge + state writes (\(writers.count) files)", t1w - t1),
                             ("\(passes) more pass(es) (\(rechecked.count) files)", t2 - t1w)]
        report.filesRecheckedWithProjectFacts = rechecked.count
        for (k, o) in outcomes.enumerated() {
            if let h = o.hash { report.contentHashes[inputs[k].path] = h }
            report.diagnostics.append(contentsOf: o.diagnostics)
            if o.generated { report.generatedSkipped += 1 }
            if o.linted { report.filesLinted += 1 }
            report.bytesRead += o.bytes
        }
        report.diagnostics.sort(by: Diagnostic.ordered)
        return report
    }

    /// Per file, who asked the recorded questions that get other answers from `index` (the
    /// guard log extraction's and rules' bits, see `ruleAsker`); 0 when none does. (A function
    /// of its own, so that the outcomes are not held, and copied on the caller's next write, once done.)
    static func changedAnswers(_ outcomes: [FileOutcome], inputs: [LintInput], index: ProjectIndex, onlyGuardFindings: Bool,
                               jobs: Int) async -> [UInt64] {
        await parallelMap(outcomes.count, jobs: jobs) { k -> UInt64 in
            guard outcomes[k].linted else { return 0 }
            let module = outcomes[k].module
            let path = inputs[k].path
            if onlyGuardFindings {
                // (The guard logs are not extracted again for the findings inferred from them.)
                return RuleContext.answersChange(outcomes[k].questions, module: module, path: path, index: index, onlyGuardFindings: true)
                    & ruleAskers
            }
            return RuleContext.answersChange(outcomes[k].questions, module: module, path: path, index: index, spelled: outcomes[k].spelledNames)
        }
    }

    /// One file through the whole per-file pipeline. Total: every failure becomes a finding.
    /// In a later pass (`projectIndex` given) the file's facts are not gathered again; its guard
    /// logs are extracted again only when `extractLogs` says their answers may have changed, and
    /// of the rules only those in `rerun` (`ruleAsker` bits) run: the others' findings are
    /// taken from `earlier` (the last run's `found` and `foundEnds`).
    static func process(_ input: LintInput, settings: LintSettings, projectIndex: ProjectIndex?, extractLogs: Bool = true,
                        rerun: UInt64 = .max, earlier: (found: [Diagnostic], ends: [Int])? = nil) -> FileOutcome {
        let profile = settings.profiles[min(max(0, input.profile), settings.profiles.count - 1)]
        var outcome = FileOutcome()
        outcome.module = input.context?.moduleKey(forPath: input.path) ?? ProjectIndex.moduleKey(forPath: input.path)
        if !settings.includeGenerated && (input.inGeneratedFolder || Generated.isGeneratedName(input.path)) {
            outcome.generated = true
            return outcome
        }
        let bytes: [UInt8]
        if let given = input.bytes {
            bytes = given
        } else {
            do {
                bytes = try FileIO.readFile(input.path)
            } catch let e as FileIOError {
                outcome.diagnostics = [fileError(input.path, "cannot read file: \(e.reason)", "check the file's permissions, or exclude it")]
                return outcome
            } catch {
                outcome.diagnostics = [fileError(input.path, "cannot read file", "check the file's permissions, or exclude it")]
                return outcome
            }
        }
        outcome.bytes = bytes.count
        if settings.recordContentHashes { outcome.hash = ContentHash.of(bytes) }
        if let nul = Encoding.firstNUL(bytes) {
            let loc = LineTable(bytes).location(of: nul)
            outcome.diagnostics = [fileError(input.path, "binary file: NUL byte at \(loc.line):\(loc.column); not linted",
                                             "exclude binary files from the lint, or rename it if it is not Swift")]
            return outcome
        }
        let file = SourceFile(path: input.path, bytes: bytes)
        var problems: [Diagnostic] = []
        if let bad = Encoding.firstInvalidUTF8(bytes) {
            let loc = file.location(bad)
            problems.append(Diagnostic(ruleID: fileErrorRuleID, severity: .error,
                                       message: "file is not valid UTF-8 (first bad byte at \(loc.line):\(loc.column)); linted what could be read",
                                       path: input.path, location: loc, offset: bad,
                                       fixIt: FixIt("re-save the file as UTF-8")))
        }
        let (code, comments) = Lexer.lex(bytes)
        if !settings.includeGenerated && Generated.isGenerated(file, comments: comments) {
            outcome.generated = true
            outcome.diagnostics = problems
            return outcome
        }
        outcome.linted = true
        let structure = FileStructure(file: file, code: code, comments: comments)
        // The configuration's lock names, and the acquire/release pairs the file itself uses.
        let vocabulary = profile.vocabulary.addingPairedAcquires(structure)
        // The lock regions, worked out once for the lock graph and every rule (only in files that
        // can take a lock at all). A later pass, which gathers no facts and may run few rules,
        // leaves both to the context, which works out the same on first use.
        let regions = projectIndex == nil && LockGraph.mayAcquire(structure, vocabulary: vocabulary)
            ? LockRegions(structure, vocabulary: vocabulary) : nil
        // The file's own lock wrappers, worked out once for the facts and the guard inference.
        let wrappers = regions.map { GuardLogExtractor.ownWrappers(structure, vocabulary: vocabulary, regions: $0) } ?? [:]
        // The file's own facts, for the merge after pass 1; a later pass reads only its
        // diagnostics and its guard logs, and asks the project's index for the rest.
        var facts = projectIndex == nil
            ? ProjectIndex.facts(of: structure, vocabulary: vocabulary, module: outcome.module, regions: regions, wrappers: wrappers)
            : ProjectIndex()
        let context = RuleContext(structure: structure, vocabulary: vocabulary, index: projectIndex ?? facts, module: outcome.module,
                                  fileContext: input.context, lockRegions: regions)
        if projectIndex == nil { context.wrapperMethods = wrappers }
        // The uses of each class's state with the guards held there, for the guard inference
        // (only when a rule that reads it runs).
        if profile.needsGuardInference && (projectIndex == nil || extractLogs) {
            // (A later pass keeps only the guard logs: the uses of other instances' members are the first pass's.)
            context.questions.asker = extractionAsker
            let extraction = GuardLogExtractor.extract(context, outsideCalls: projectIndex == nil)
            context.questions.asker = .max
            outcome.logsExtracted = true
            facts.add(extraction, module: outcome.module, path: input.path)
            if projectIndex == nil {
                // On its own the file is the whole run: its findings come from its own logs.
                facts.finishGuards()
                context.index = facts
            }
        }
        // What other files write is extracted after the first pass (see `stateWrites`); a later
        // pass reads it from the project's index.
        if profile.needsStateWrites && projectIndex == nil {
            outcome.writtenNames = StateWrites.writtenNames(structure)
            outcome.nonisolatedNames = StateWrites.nonisolatedNames(structure)
            outcome.writerFunctions = StateWrites.writerFunctions(structure)
            if input.context?.isTestLocation == true && input.context?.module != nil { outcome.importedModules = structure.importedModules() }
            // On its own the file is the whole run: its own writes of the names it asks about.
            let own = StateWrites.NameFilter(outcome.nonisolatedNames)
            if !own.isEmpty {
                let writes = StateWrites.extract(structure, regions: {
                    context.lockRegions.addingLockScopedClosures(structure, vocabulary: vocabulary, wrappers: wrappers)
                        .addingQueueBlocks(structure, queues: VariableUses.serialQueues(structure))
                },
                                                 names: own, onMainActor: { MainActorCode.runs(structure, at: $0, context: context) })
                context.index.add(writes, module: outcome.module)
            }
        }
        outcome.facts = facts
        var running = profile.ruleIDs
        if context.fileIsTestCode {
            for (k, rule) in profile.rules.enumerated() where profile.ruleTestPolicies[k] == .skipped { running.remove(rule.description.id) }
        }
        context.rulesRunning = running
        // The lines of code compiled only for tests, in a file that is not test code.
        let testLines: [ClosedRange<Int>]? = context.fileIsTestCode || !structure.hasTestOnlyCode ? nil
            : structure.branches.filter(\.testOnly).map { b in
                structure.location(ofToken: b.start).line...(b.end < structure.code.count ? structure.location(ofToken: b.end).line : Int.max)
            }
        var found: [Diagnostic] = []
        var ends: [Int] = []
        ends.reserveCapacity(profile.rules.count)
        let reuse = earlier.flatMap { $0.ends.count == profile.rules.count ? $0 : nil }
        for (k, rule) in profile.rules.enumerated() {
            // A cancelled lint (the language server's stale document) stops between rules.
            if Task.isCancelled { break }
            defer { ends.append(found.count) }
            if let reuse, rerun & ruleAsker(k) == 0 {
                found.append(contentsOf: reuse.found[(k == 0 ? 0 : reuse.ends[k - 1])..<reuse.ends[k]])
                continue
            }
            context.questions.asker = ruleAsker(k)
            let severity = profile.ruleSeverities[k]
            if context.fileIsTestCode {
                let policy = profile.ruleTestPolicies[k]
                if policy == .skipped { continue }
                context.isTestCode = policy == .narrowed
            }
            context.strict = profile.ruleStrict[k]
            var ds = rule.check(context)
            // Code compiled only for tests (`#if TESTING`) in a product file: the rule's policy
            // for test code applies to the findings there (a narrowed rule is asked again, as
            // for test code, about that part only).
            if let testLines, !ds.isEmpty {
                func inTests(_ d: Diagnostic) -> Bool {
                    d.path == input.path && testLines.contains { $0.contains(d.location.line) }
                }
                switch profile.ruleTestPolicies[k] {
                case .reported:
                    break
                case .skipped:
                    ds.removeAll(where: inTests)
                case .narrowed:
                    if ds.contains(where: inTests) {
                        context.isTestCode = true
                        let narrowed = rule.check(context).filter(inTests)
                        context.isTestCode = false
                        ds = ds.filter { !inTests($0) } + narrowed
                    }
                }
            }
            for k in ds.indices { ds[k].severity = severity }
            // Fix-its write line breaks as the file does (CRLF, CR), for --fix and for every reporter.
            for k in ds.indices where !ds[k].fixIt.edits.isEmpty {
                ds[k].fixIt.edits = Fixer.adapt(ds[k].fixIt.edits, to: file.bytes)
            }
            found.append(contentsOf: ds)
        }
        context.questions.asker = .max
        let ran = profile.ruleIDs
        outcome.found = found
        outcome.foundEnds = ends
        outcome.questions = context.questions
        outcome.spelledNames = context.spelledNames
        let (directives, malformed) = Suppressions.parse(structure)
        // `superfluous_disable` runs when it is among the run's rules (not with another --only-rule).
        let superfluousOn = profile.severities[Suppressions.superfluousRuleID] != nil
        let (kept, superfluous) = Suppressions.apply(
            found, directives: directives, malformed: malformed, path: input.path, knownRules: settings.knownRuleIDs, rulesThatRan: ran,
            requireReason: profile.configuration.requireSuppressionReason,
            superfluousSeverity: profile.severities[Suppressions.superfluousRuleID] ?? .warning)
        outcome.diagnostics = problems + kept + (superfluousOn ? superfluous : [])
        return outcome
    }

    /// What the file of `input` writes of variables named `names` that it does not declare (see
    /// `StateWrites`): read, lexed and structured again, for a file that pass 1 linted.
    /// `index` (the run's facts) says which of the writes run on the main actor.
    static func stateWrites(_ input: LintInput, settings: LintSettings, names: StateWrites.NameFilter, index: ProjectIndex,
                            module: String) -> StateWrites {
        let profile = settings.profiles[min(max(0, input.profile), settings.profiles.count - 1)]
        guard let bytes = input.bytes ?? (try? FileIO.readFile(input.path)), Encoding.firstNUL(bytes) == nil else { return StateWrites() }
        let (code, comments) = Lexer.lex(bytes)
        let structure = FileStructure(file: SourceFile(path: input.path, bytes: bytes), code: code, comments: comments)
        let vocabulary = profile.vocabulary.addingPairedAcquires(structure)
        var context: RuleContext? = nil
        // The regions and the file's own wrappers are worked out only when the file writes one
        // of the names (most files asked write none).
        return StateWrites.extract(structure, regions: {
            let regions = LockGraph.mayAcquire(structure, vocabulary: vocabulary) ? LockRegions(structure, vocabulary: vocabulary) : nil
            let wrappers = regions.map { GuardLogExtractor.ownWrappers(structure, vocabulary: vocabulary, regions: $0) } ?? [:]
            return (regions ?? LockRegions(structure, vocabulary: vocabulary)).addingLockScopedClosures(structure, vocabulary: vocabulary, wrappers: wrappers)
                .addingQueueBlocks(structure, queues: VariableUses.serialQueues(structure))
        }, names: names, onMainActor: { k in
            if context == nil {
                context = RuleContext(structure: structure, vocabulary: vocabulary, index: index, module: module, fileContext: input.context)
            }
            return MainActorCode.runs(structure, at: k, context: context!)
        })
    }

    static func fileError(_ path: String, _ message: String, _ fix: String) -> Diagnostic {
        Diagnostic(ruleID: fileErrorRuleID, severity: .error, message: message, path: path,
                   location: SourceLocation(line: 1, column: 1), fixIt: FixIt(fix))
    }

    /// Runs `body` for 0..<count with at most `jobs` child tasks at a time, handing out small
    /// chunks as tasks finish (so one big file does not hold up a whole stripe); results come back
    /// in index order.
    public static func parallelMap<T: Sendable>(_ count: Int, jobs: Int, _ body: @escaping @Sendable (Int) -> T) async -> [T] {
        if count == 0 { return [] }
        let workers = min(jobs, count)
        if workers == 1 { return (0..<count).map(body) }
        let chunk = max(1, min(16, count / (workers * 8)))
        return await withTaskGroup(of: (Int, [T]).self) { group in
            var next = 0
            func addChunk() {
                let start = next
                let end = min(count, start + chunk)
                next = end
                group.addTask { (start, (start..<end).map(body)) }
            }
            for _ in 0..<workers where next < count { addChunk() }
            var slots = [T?](repeating: nil, count: count)
            while let (start, values) = await group.next() {
                for (k, v) in values.enumerated() { slots[start + k] = v }
                if next < count { addChunk() }
            }
            return slots.map { $0! }
        }
    }
}

/// FNV-1a over a file's bytes: enough to notice that a file changed between lint and fix.
public enum ContentHash {
    public static func of(_ bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01b3
        }
        return h
    }
}

enum Encoding {
    static func firstNUL(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress, p.count > 0 else { return nil }
            #if canImport(Glibc) || canImport(Darwin)
            if let hit = memchr(base, 0, p.count) {
                return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            }
            return nil
            #else
            return p.firstIndex(of: 0)
            #endif
        }
    }

    /// Offset of the first byte that is not part of a valid UTF-8 sequence, or nil.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { p in
            let n = p.count
            guard let base = p.baseAddress else { return nil }
            let raw = UnsafeRawPointer(base)
            var i = 0
            while i < n {
                // Fast path: 32 ASCII bytes at a time.
                if i + 32 <= n {
                    let a = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    let b = raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
                    let c = raw.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)
                    let d = raw.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)
                    if (a | b | c | d) & 0x8080_8080_8080_8080 == 0 {
                        i += 32
                        continue
                    }
                }
                if p[i] < 0x80 {
                    i += 1
                    continue
                }
                guard let (_, len) = UTF8Decoding.decode(p, i) else { return i }
                i += len
            }
            return nil
        }
    }
}

/// Generated files: a comment in the first 10 lines containing `DO NOT EDIT` or `@generated`, a
/// file named `*.generated.swift` (Sourcery's and other templates' output), or a file in a folder
/// named `Generated` (in any case) inside a walked directory, where OpenAPI, GraphQL and resource
/// generators write. Nobody fixes such a file by hand: its findings belong to the generator.
public enum Generated {
    static let markers: [[UInt8]] = [Array("DO NOT EDIT".utf8), Array("@generated".utf8)]

    /// A folder that holds a generator's output, by the name generators and their users give it.
    public static func isGeneratedFolder(_ name: String) -> Bool {
        name.utf8.count == 9 && name.lowercased() == "generated"
    }

    /// A file whose name says a generator wrote it: `Name.generated.swift`.
    static func isGeneratedName(_ path: String) -> Bool {
        let name = path.utf8.split(separator: UInt8(ascii: "/")).last.map { String(decoding: $0, as: UTF8.self) } ?? path
        return name.utf8.count > ".generated.swift".utf8.count && name.lowercased().hasSuffix(".generated.swift")
    }

    static func isGenerated(_ file: SourceFile, comments: [Token]) -> Bool {
        let limit = file.lines.count > 10 ? file.lines.starts[10] : file.bytes.count
        for t in comments {
            if Int(t.start) >= limit { break }
            let range = Int(t.start)..<min(Int(t.end), limit + 4096)
            for m in markers where Suppressions.find(m, in: file.bytes, range) != nil { return true }
        }
        return false
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum ProcessorCount {
    public static var online: Int {
        let n = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return n > 0 ? n : 1
    }
}
