import Foundation
import Tweaks
import TweaksRemote

/// The remote layer of the stack (`--remote URL`): a `RemoteTweakProvider` on an
/// `HTTPRemoteTweakSource`, persisted in a cache file so that the last-good remote values answer
/// when the server cannot be reached.
///
/// - `--remote URL`: the document; `https`, or `http` to a loopback host.
/// - `--allow-insecure-http`: also allow plain `http` to other hosts.
/// - `--remote-cache FILE`: the cache file; default ``defaultCachePath(for:)``.
/// - `--remote-format FORMAT`: the document's format (see ``FormatOption``); default `tweaks`.
///
/// A failed fetch never fails a command: it is reported on standard error and the command answers
/// from the cache and the other layers.
struct RemoteLayer {
    let provider: RemoteTweakProvider

    /// The option names the remote layer takes, and its flag.
    static let options: Set<String> = ["remote", "remote-cache", FormatOption.remoteName]
    static let flags: Set<String> = ["allow-insecure-http"]

    /// The longest one fetch may take, in seconds: a command that cannot reach the server answers
    /// from the cache after at most this long.
    static let fetchTimeout = 10.0

    /// The remote layer `arguments` ask for, or `nil` without `--remote`. Loads the cache file;
    /// one that cannot be used is reported and ignored.
    static func make(_ arguments: CommandLineArguments) throws -> RemoteLayer? {
        guard let location = try arguments.value(of: "remote") else {
            for option in ["remote-cache", FormatOption.remoteName] where try arguments.value(of: option) != nil {
                throw CommandLineArguments.UsageError(description: "--\(option) needs --remote")
            }
            if arguments.flags.contains("allow-insecure-http") {
                throw CommandLineArguments.UsageError(description: "--allow-insecure-http needs --remote")
            }
            return nil
        }
        guard let url = URL(string: location), url.scheme != nil, url.host != nil else {
            throw ToolError("--remote \(location): not a URL (expected https://host/path)")
        }
        let source: HTTPRemoteTweakSource
        do {
            source = try HTTPRemoteTweakSource(
                url: url, timeout: fetchTimeout, allowsInsecureHTTP: arguments.flags.contains("allow-insecure-http"))
        } catch {
            throw ToolError(
                "--remote \(location): refused: use https (plain http is allowed to loopback hosts, "
                    + "or with --allow-insecure-http)")
        }
        let cachePath = try arguments.value(of: "remote-cache") ?? defaultCachePath(for: url)
        let configuration = RemoteTweakProviderConfiguration(
            documentFormat: try FormatOption.format(arguments, option: FormatOption.remoteName) ?? .tweaks)
        let provider = RemoteTweakProvider(
            source: source, cacheURL: URL(fileURLWithPath: cachePath), name: location, configuration: configuration)
        if let error = provider.cacheError {
            Console.error("tweak: warning: \(error); ignored")
        }
        return RemoteLayer(provider: provider)
    }

    /// `<configuration home>/tweaks/remote-cache/<host>-<hash of the URL>.cache`, the configuration
    /// home being `$XDG_CONFIG_HOME`, else `~/.config`: one file per URL, beside the default
    /// overrides file.
    static func defaultCachePath(for url: URL) -> String {
        let name = StableFileName.make(readable: url.host ?? "remote", key: url.absoluteString, extension: "cache")
        return TweakStack.configurationHome.appendingPathComponent("tweaks/remote-cache/\(name)").path
    }

    /// Fetches the document once (whatever its age) and activates it. A failure is reported on
    /// standard error; returns whether the fetch failed.
    @discardableResult
    func refresh() async -> Bool {
        let status = await provider.fetchAndActivate(expirationDuration: 0).status
        reportCacheWriteError()
        guard let error = status.error else {
            for warning in provider.activeWarnings { Console.error("tweak: warning: \(warning); ignored") }
            return false
        }
        reportFailure(error)
        return true
    }

    private func reportFailure(_ error: RemoteFetchError) {
        let fallback =
            provider.lastFetchTime.map {
                "the cached remote values fetched \(ISO8601DateFormatter().string(from: $0))"
            } ?? "the other layers (no cached remote values)"
        Console.error(
            "tweak: warning: remote fetch failed: \(error); answering from \(fallback); the next command fetches again")
    }

    private func reportCacheWriteError() {
        if let error = provider.cacheError, error.reason.isWriteFailure {
            Console.error("tweak: warning: \(error)")
        }
    }
}
