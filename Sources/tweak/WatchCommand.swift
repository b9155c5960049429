import Foundation
import Tweaks
import TweaksRemote

/// `tweak watch`: prints every change of the stack as it happens, until interrupted.
///
/// The overrides file and the suite are checked twice a second for other processes' writes (a
/// `tweak set` in another terminal, an app). After any change notification of a provider the
/// catalog is read again and each tweak whose value or source changed is printed as
/// `HH:MM:SS feature.variable = value (source)`.
///
/// The remote document (`--remote URL`) is fetched at the start and then every `--remote-poll
/// SECONDS` (default ``defaultRemotePollInterval``), with the backoff proportioned to that
/// interval. With `--remote-events URL` it is also fetched as soon as that server-sent events
/// stream announces a change (no random delay: one client); polling rounds are then skipped while
/// the stream is connected. Every provider failure (a fetch, an overrides file that no longer
/// reads, the event stream lost or refused) is printed on standard error with the time of the next
/// try, once while it repeats, and so is each recovery; so is the stream's first connection.
enum WatchCommand {
    static let pollInterval: TimeInterval = 0.5
    static let defaultRemotePollInterval: TimeInterval = 30

    static func run(_ arguments: CommandLineArguments) async throws -> Int32 {
        _ = try arguments.positional()
        let remotePollInterval = try remotePollInterval(arguments)
        let stack = try TweakStack(arguments, pollInterval: pollInterval)
        let revealing = try arguments.value(of: "decrypt") != nil
        let changes = stack.manager.changes
        let remoteEvents = try remoteEvents(arguments)
        await stack.refreshRemote()
        let events = printEvents(of: stack.manager)
        defer { events.cancel() }
        if let remoteEvents, let remote = stack.remote {
            remote.provider.startEventStream(remoteEvents)
            Console.error("listening for changes announced at \(remoteEvents.url.absoluteString)")
        }
        defer { stack.remote?.provider.stopEventStream() }
        stack.remote?.provider.startPolling(every: remotePollInterval)
        defer { stack.remote?.provider.stopPolling() }

        var snapshot = values(stack.manager.catalog(), revealing: revealing)
        let layers = stack.manager.tweakProviders.map(\.name).joined(separator: ", ")
        Console.error("watching \(snapshot.count) tweaks of \(layers); press Ctrl-C to stop")
        for await _ in changes {
            let current = values(stack.manager.catalog(), revealing: revealing)
            let time = timestamp()
            for key in Set(snapshot.keys).union(current.keys).sorted() where snapshot[key] != current[key] {
                Console.out("\(time) \(key) = \(current[key] ?? "<not set>")")
            }
            snapshot = current
        }
        return 0
    }

    /// Prints each provider failure (once while it repeats, with the next try) and each recovery
    /// that happens from now on, on standard error: a remote fetch, an overrides file broken by hand,
    /// the event stream lost and back; and the event stream's first connection.
    private static func printEvents(of manager: TweakManager) -> Task<Void, Never> {
        let start = Date()
        let events = manager.providerEvents
        return Task {
            for await event in events where event.date >= start {
                if event.isFailure, !event.isRepeat {
                    Console.error("\(timestamp()) tweak: warning: \(event)")
                } else if event.outcome == .recovered {
                    Console.error("\(timestamp()) tweak: \(event)")
                } else if event.outcome == .succeeded, event.operation == .eventStream {
                    Console.error("\(timestamp()) tweak: \(event.source): event stream connected")
                }
            }
        }
    }

    /// `--remote-poll SECONDS`: a positive number, and only with `--remote`.
    private static func remotePollInterval(_ arguments: CommandLineArguments) throws -> TimeInterval {
        guard let text = try arguments.value(of: "remote-poll") else { return defaultRemotePollInterval }
        guard try arguments.value(of: "remote") != nil else {
            throw CommandLineArguments.UsageError(description: "--remote-poll needs --remote")
        }
        guard let seconds = Double(text), seconds.isFinite, seconds > 0 else {
            throw CommandLineArguments.UsageError(
                description: "--remote-poll \(text): not a positive number of seconds")
        }
        return seconds
    }

    /// `--remote-events URL`: the stream's configuration, only with `--remote`; `https`, or `http` to
    /// a loopback host or with `--allow-insecure-http`.
    private static func remoteEvents(_ arguments: CommandLineArguments) throws -> RemoteEventStreamConfiguration? {
        guard let location = try arguments.value(of: "remote-events") else { return nil }
        guard try arguments.value(of: "remote") != nil else {
            throw CommandLineArguments.UsageError(description: "--remote-events needs --remote")
        }
        guard let url = URL(string: location), url.scheme != nil, url.host != nil else {
            throw ToolError("--remote-events \(location): not a URL (expected https://host/path)")
        }
        do {
            return try RemoteEventStreamConfiguration(
                url: url, allowsInsecureHTTP: arguments.flags.contains("allow-insecure-http"), fetchDelay: 0...0)
        } catch {
            throw ToolError(
                "--remote-events \(location): refused: use https (plain http is allowed to loopback hosts, "
                    + "or with --allow-insecure-http)")
        }
    }

    /// `feature.variable` → `value (source)`.
    private static func values(_ catalog: TweakCatalog, revealing: Bool) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: catalog.entries.map { entry in
                (
                    "\(entry.feature).\(entry.variable)",
                    "\(entry.displayValue(revealingSecrets: revealing)) (\(entry.source))"
                )
            })
    }

    private static func timestamp() -> String {
        let components = Calendar.current.dateComponents([.hour, .minute, .second], from: Date())
        return [components.hour, components.minute, components.second]
            .map { String(format: "%02d", $0 ?? 0) }.joined(separator: ":")
    }
}
