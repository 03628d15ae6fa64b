import Foundation

/// Runs work items on `jobs` threads and hands their results, in submission order, to one
/// consumer thread, with at most `capacity` items between submission and consumption: a
/// producer that outruns the workers or the consumer waits, so memory stays bounded.
///
/// Threads and a condition variable rather than Swift concurrency: the work is CPU-bound
/// and synchronous (parsing), the producer blocks on `read(2)`, and ThreadSanitizer sees
/// pthread locks (MoneyKit's `Mutex` needs hooks for it on Linux).
final class OrderedPipeline<Input: Sendable, Output: Sendable>: @unchecked Sendable {
    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var pending: [(sequence: Int, input: Input)] = []
    private var finished: [Int: Output] = [:]
    private var submitted = 0
    private var consumed = 0
    private var closed = false
    private var cancelled = false
    private var runningThreads = 0
    private let capacity: Int

    /// Starts the threads.
    ///
    /// - Parameters:
    ///   - jobs: The number of worker threads (at least 1).
    ///   - capacity: How many items may be in flight (submitted, not yet consumed).
    ///   - makeWorker: Called once on each worker thread; returns that thread's work
    ///     function, which may keep state of its own (a parser cache).
    ///   - consume: Called on the consumer thread with each result, in submission order;
    ///     returning false stops the pipeline (later results are dropped, `submit` returns false).
    init(jobs: Int, capacity: Int, makeWorker: @escaping @Sendable () -> (Input) -> Output,
         consume: @escaping @Sendable (Output) -> Bool) {
        precondition(jobs >= 1 && capacity >= jobs, "at least one job, and room for each")
        self.capacity = capacity
        runningThreads = jobs + 1
        for index in 0..<jobs {
            let thread = Thread { [self] in work(makeWorker()) }
            thread.name = "fxparse worker \(index + 1)"
            thread.start()
        }
        let thread = Thread { [self] in deliver(to: consume) }
        thread.name = "fxparse writer"
        thread.start()
    }

    /// Queues an item, waiting while `capacity` items are in flight. False when the
    /// consumer has stopped the pipeline.
    func submit(_ input: Input) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while submitted - consumed >= capacity && !cancelled { condition.wait() }
        guard !cancelled else { return false }
        pending.append((submitted, input))
        submitted += 1
        condition.broadcast()
        return true
    }

    /// No more items: waits until every submitted item is consumed (or the consumer
    /// stopped) and every thread has ended.
    func finish() {
        condition.lock()
        closed = true
        condition.broadcast()
        while runningThreads > 0 { condition.wait() }
        condition.unlock()
    }

    private func work(_ function: (Input) -> Output) {
        condition.lock()
        while true {
            while pending.isEmpty && !closed && !cancelled { condition.wait() }
            if cancelled || pending.isEmpty { break }
            let item = pending.removeFirst()
            condition.unlock()
            let output = function(item.input)
            condition.lock()
            finished[item.sequence] = output
            condition.broadcast()
        }
        runningThreads -= 1
        condition.broadcast()
        condition.unlock()
    }

    private func deliver(to consume: (Output) -> Bool) {
        condition.lock()
        while true {
            while finished[consumed] == nil && !(closed && consumed == submitted) && !cancelled { condition.wait() }
            guard !cancelled, let output = finished.removeValue(forKey: consumed) else { break }
            condition.unlock()
            let keepGoing = consume(output)
            condition.lock()
            consumed += 1
            if !keepGoing {
                cancelled = true
                pending.removeAll()
                finished.removeAll()
            }
            condition.broadcast()
        }
        runningThreads -= 1
        condition.broadcast()
        condition.unlock()
    }
}
