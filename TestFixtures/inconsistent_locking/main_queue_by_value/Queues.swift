import Foundation

// File-level queues another file's class uses: one is the main queue, one is its own.
let presentationQueue = DispatchQueue.main
let indexingQueue = DispatchQueue(label: "indexing")
