import Foundation

#if canImport(FoundationNetworking)
    /// A serial delegate queue that holds its `URLSession` back while too many callbacks wait in
    /// it (Linux).
    ///
    /// swift-corelibs-foundation hands every chunk of a body to the delegate queue with
    /// `addOperation(_:)` from the sessions' work queue (one serial queue shared by every session
    /// of the process), and never waits for the delegate: a server that sends faster than the
    /// delegate runs fills the queue without limit (a flooding event stream reached 3.1 GB in
    /// 10 s). Here `addOperation(_:)` waits while ``limit`` callbacks are queued, which stops
    /// libcurl from reading until the delegate has caught up. The wait also ends after a second,
    /// a backstop: a delegate that never returns must not hold every session for ever.
    ///
    /// The delegate must therefore never wait for the sessions' work queue (`cancel()`,
    /// `invalidateAndCancel()` and `dataTask(with:)` do): it would wait for a queue that waits
    /// for it. ``EventStreamConnection`` does those on a queue of its own.
    final class BackpressureOperationQueue: OperationQueue, @unchecked Sendable {
        // @unchecked Sendable: `queued` is only read and written while `condition` is locked;
        // `limit` is immutable.

        /// The most callbacks queued before `addOperation(_:)` waits.
        let limit: Int
        private let condition = NSCondition()
        private var queued = 0

        /// A serial queue that holds its session back at `limit` queued callbacks (at least 1).
        init(limit: Int) {
            self.limit = max(limit, 1)
            super.init()
            maxConcurrentOperationCount = 1
        }

        override func addOperation(_ block: @escaping @Sendable () -> Void) {
            condition.lock()
            let deadline = Date(timeIntervalSinceNow: 1)
            while queued >= limit, condition.wait(until: deadline) {}
            queued += 1
            condition.unlock()
            super.addOperation { [self] in
                block()
                condition.lock()
                queued -= 1
                condition.broadcast()
                condition.unlock()
            }
        }
    }
#endif
