#!/usr/bin/env swift
// A script waits on its main thread for its work: that is how a script waits, not reported.
import Dispatch
let done = DispatchSemaphore(value: 0)
done.wait()
