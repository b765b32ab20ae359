import LockLintCore

/// Every rule the tool knows, in documentation order.
public enum RuleRegistry {
    public static let all: [any Rule] = [
        LockInActorRule(),
        AwaitInLockRule(),
        UncheckedSendableUnguardedRule(),
        InconsistentLockingRule(),
        DispatchSemaphoreRule(),
        NonisolatedUnsafeRule(),
        LockWithoutDeferRule(),
        RecursiveLockRule(),
        QueueSyncReentrancyRule(),
        BlockingInAsyncRule(),
        ActorReentrancyRule(),
        DispatchMainInAsyncRule(),
        CompileTimeAvailabilityRule(),
        AtomicOrderingRule(),
        UnsafeOsLockRule(),
        ActorViewModelRule(),
        UncheckedSendableNonfinalRule(),
        LockOrderInversionRule(),
        SplitCriticalSectionRule(),
        SuperfluousDisableRule(),
    ]

    public static func rule(_ id: String) -> (any Rule)? { all.first { $0.description.id == id } }

    public static var ids: [String] { all.map { $0.description.id } }
}
