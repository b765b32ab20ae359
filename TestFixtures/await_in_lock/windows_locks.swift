#if os(Windows)
import WinSDK

final class WindowsCache: @unchecked Sendable {
    private var srw = SRWLOCK()
    private var section = CRITICAL_SECTION()

    func refresh() async {
        AcquireSRWLockExclusive(&srw)
        await reload() // expect: await_in_lock
        ReleaseSRWLockExclusive(&srw)
        await reload()
        EnterCriticalSection(&section)
        defer { LeaveCriticalSection(&section) }
        await reload() // expect: await_in_lock
    }

    func reload() async {}
}
#endif
