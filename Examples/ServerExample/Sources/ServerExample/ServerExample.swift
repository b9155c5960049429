import Foundation
import Tweaks

/// `server-example`: handles simulated orders, deciding each one with the flags of a
/// ``FlagStack``, and logs flag changes and failures as they happen.
@main
struct ServerExample {
    /// Parses the command line and runs the service; exits with status 64 for a bad command line
    /// and 1 for any other error.
    static func main() async {
        let environment = ProcessInfo.processInfo.environment
        do {
            guard let options = try Options.parse(Array(CommandLine.arguments.dropFirst())) else {
                print(Options.usage)
                return
            }
            try await run(options, environment: environment)
        } catch let error as Options.UsageError {
            printToStandardError("server-example: \(error)\n\(Options.usage)")
            exit(64)
        } catch {
            printToStandardError("server-example: \(error)")
            exit(1)
        }
    }

    /// Runs the service; with `--demo` and no `--overrides`, on a temporary overrides file that is
    /// removed afterwards.
    static func run(_ options: Options, environment: [String: String]) async throws {
        guard options.isDemo, options.overridesURL == nil else {
            return try await serve(options, environment: environment)
        }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("server-example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var demoOptions = options
        demoOptions.overridesURL = directory.appendingPathComponent("overrides.json")
        try await serve(demoOptions, environment: environment)
    }

    /// Serves orders until `options.requests` have been handled (forever without it).
    static func serve(_ options: Options, environment: [String: String]) async throws {
        let stack = try FlagStack(options: options, environment: environment)
        stack.manager.minimumLogLevel = options.isVerbose ? .debug : .notice
        stack.manager.logClosure = Log.tweakLogger(from: options.isVerbose ? .debug : .notice)
        Log.info("flags: \(stack.summary)")
        let monitors = await startMonitoring(stack, options: options)
        defer { monitors.forEach { $0.cancel() } }

        let checkout = CheckoutService(manager: stack.manager)
        var overridesHealth = OverridesFileHealth(overrides: stack.overrides)
        let requests = options.requests ?? (options.isDemo ? 6 : .max)
        for number in 1...requests {
            overridesHealth.check()
            let order = Order(simulated: number)
            let customer = "\(order.customerID) (\(order.country))"
            Log.info("order \(number) from \(customer): \(order.itemCount) items, \(checkout.handle(order))")
            if options.isDemo, number == (requests + 1) / 2 {
                try await Demo.changeMaxItems(in: stack.overrides.fileURL, seenBy: stack.manager)
            }
            if number < requests { try await Task.sleep(for: options.interval) }
        }
        Log.info("done (orders handled: \(requests))")
    }

    /// Starts logging flag changes and, with a remote layer, fetches the remote document (so that
    /// the first order already sees it, if the server answers) and starts refreshing it. Returns
    /// the tasks to cancel at the end.
    static func startMonitoring(_ stack: FlagStack, options: Options) async -> [Task<Void, Never>] {
        let changes = stack.manager.changes  // Subscribed now: no change from here on is missed.
        let manager = stack.manager
        var tasks = [Task { await logChanges(changes, of: manager) }]
        if let remote = stack.remote {
            await refresh(remote)
            let interval = options.remoteRefreshInterval
            tasks.append(Task { await keepRefreshing(remote, every: interval) })
        }
        return tasks
    }

    /// Writes `message` and a newline to standard error.
    private static func printToStandardError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
