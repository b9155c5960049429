import Foundation
import Tweaks

/// The command line of `server-example`.
struct Options {
    /// How many orders to handle before exiting; `nil`: run until stopped.
    var requests: Int?
    /// The pause between two orders.
    var interval = Duration.milliseconds(500)
    /// The overrides file; `nil`: the `tweak` tool's default file (see ``defaultOverridesURL``).
    var overridesURL: URL?
    /// The remote tweaks document; `nil`: no remote layer.
    var remoteURL: URL?
    /// Where the last good remote document is kept across restarts.
    var remoteCacheURL: URL?
    /// How often the remote document is fetched again.
    var remoteRefreshInterval = Duration.seconds(60)
    /// Whether to run the demonstration: an override written mid-run, and picked up.
    var isDemo = false
    /// Whether the manager's debug messages are logged too.
    var isVerbose = false

    /// The text printed by `--help`.
    static let usage = """
        usage: server-example [--requests N] [--interval SECONDS] [--overrides FILE]
                              [--remote URL [--remote-cache FILE] [--remote-refresh SECONDS]]
                              [--demo] [--verbose]

          --requests N          handle N orders, then exit (default: run until stopped)
          --interval SECONDS    pause between orders (default: 0.5)
          --overrides FILE      the overrides file (default: $TWEAKS_OVERRIDES_FILE, else the tweak tool's
                                overrides file of the current folder, under $XDG_CONFIG_HOME/tweaks/overrides/
                                or ~/.config/tweaks/overrides/; with --demo, a temporary file)
          --remote URL          add a remote tweaks document to the stack (https, or http to localhost)
          --remote-cache FILE   where the last good remote document is kept (default: in the user's caches)
          --remote-refresh SECONDS
                                how often the remote document is fetched again (default: 60)
          --demo                write an override to the overrides file mid-run and show it taking effect
          --verbose             also log which provider answered each read

        Flags can be overridden with environment variables: TWEAK_<FEATURE>__<VARIABLE>=<value of the
        declared type>, for example TWEAK_NEW_PRICING__ENABLED=true or TWEAK_CHECKOUT__MAX_ITEMS=3.
        """

    /// A command line that cannot be understood.
    struct UsageError: Error, CustomStringConvertible {
        /// What is wrong.
        let description: String
    }

    /// The options given by `arguments` (without the program's name); `nil` when help was asked for.
    /// - Throws: ``UsageError`` for an unknown option or a bad value.
    static func parse(_ arguments: [String]) throws(UsageError) -> Options? {
        var options = Options()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--requests": options.requests = try positiveInteger(for: argument, in: &remaining)
            case "--interval": options.interval = try duration(for: argument, in: &remaining)
            case "--overrides": options.overridesURL = URL(fileURLWithPath: try value(for: argument, in: &remaining))
            case "--remote": options.remoteURL = try url(for: argument, in: &remaining)
            case "--remote-cache":
                options.remoteCacheURL = URL(fileURLWithPath: try value(for: argument, in: &remaining))
            case "--remote-refresh": options.remoteRefreshInterval = try duration(for: argument, in: &remaining)
            case "--demo": options.isDemo = true
            case "--verbose": options.isVerbose = true
            case "--help", "-h": return nil
            default: throw UsageError(description: "unknown option \(argument)")
            }
        }
        return options
    }

    /// The overrides file that the `tweak` tool uses by default in the current folder, so that
    /// `tweak set` run in the same folder changes the running service (see
    /// `OverridesFileTweakProvider.defaultFileURL(forProjectAt:environment:)`).
    static func defaultOverridesURL(environment: [String: String]) -> URL {
        let folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        return OverridesFileTweakProvider.defaultFileURL(forProjectAt: folder, environment: environment)
    }

    /// The value after `option`.
    private static func value(for option: String, in arguments: inout ArraySlice<String>) throws(UsageError) -> String {
        guard let value = arguments.popFirst() else { throw UsageError(description: "\(option) needs a value") }
        return value
    }

    /// The value after `option`, which must be a whole number greater than zero.
    private static func positiveInteger(
        for option: String, in arguments: inout ArraySlice<String>
    ) throws(UsageError) -> Int {
        let text = try value(for: option, in: &arguments)
        guard let number = Int(text), number > 0 else {
            throw UsageError(description: "\(option) \(text): expected a whole number greater than 0")
        }
        return number
    }

    /// The value after `option`, a number of seconds.
    private static func duration(
        for option: String, in arguments: inout ArraySlice<String>
    ) throws(UsageError) -> Duration {
        let text = try value(for: option, in: &arguments)
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
            throw UsageError(description: "\(option) \(text): expected a number of seconds")
        }
        return .seconds(seconds)
    }

    /// The value after `option`, an absolute URL.
    private static func url(for option: String, in arguments: inout ArraySlice<String>) throws(UsageError) -> URL {
        let text = try value(for: option, in: &arguments)
        guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
            throw UsageError(description: "\(option) \(text): expected an absolute URL")
        }
        return url
    }
}
