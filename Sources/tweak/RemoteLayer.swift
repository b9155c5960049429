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
///
/// A failed fetch never fails a command: it is reported on standard error and the command answers
/// from the cache and the other layers.
struct RemoteLayer {
    let provider: RemoteTweakProvider

    /// The option names the remote layer takes, and its flag.
    static let options: Set<String> = ["remote", "remote-cache"]
    static let flags: Set<String> = ["allow-insecure-http"]

    /// The longest one fetch may take, in seconds: a command that cannot reach the server answers
    /// from the cache after at most this long.
    static let fetchTimeout = 10.0

    /// The remote layer `arguments` ask for, or `nil` without `--remote`. Loads the cache file;
    /// one that cannot be used is reported and ignored.
    static func make(_ arguments: CommandLineArguments) throws -> RemoteLayer? {
        guard let location = try arguments.value(of: "remote") else {
            if try arguments.value(of: "remote-cache") != nil {
                throw CommandLineArguments.UsageError(description: "--remote-cache needs --remote")
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
        let provider = RemoteTweakProvider(source: source, cacheURL: URL(fileURLWithPath: cachePath), name: location)
        if let error = provider.cacheError {
            Console.error("tweak: warning: \(error); ignored")
        }
        return RemoteLayer(provider: provider)
    }

    /// `<configuration home>/tweaks/remote-cache/<host>-<hash of the URL>.cache`, the configuration
    /// home being `$XDG_CONFIG_HOME`, else `~/.config`: one file per URL, beside the default
    /// overrides file.
    static func defaultCachePath(for url: URL) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a: a stable file name, not a security measure
        for byte in url.absoluteString.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let host = String((url.host ?? "remote").map { $0.isLetter || $0.isNumber || $0 == "." ? $0 : "_" })
        let hex = String(hash, radix: 16)
        let name = "\(host)-\(String(repeating: "0", count: 16 - hex.count))\(hex).cache"
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

    /// Fetches and activates every `interval` seconds until the task is cancelled. A failure is
    /// reported when fetches start failing (`failing`: the last fetch failed), and again when they
    /// work again; waits of the backoff after failures are respected. Rounds are skipped while the
    /// provider's event stream is connected.
    func poll(every interval: TimeInterval, failing: Bool) async {
        var failing = failing
        while !Task.isCancelled {
            try? await Task.sleep(nanoseconds: UInt64(interval * 1_000_000_000))
            // An open event stream announces changes: polling is its fallback.
            if provider.isEventStreamConnected { continue }
            let status = await provider.fetchAndActivate(expirationDuration: 0).status
            if let error = status.error {
                if !failing { reportFailure(error) }
                failing = true
            } else if status.isSuccess {
                if failing { Console.error("tweak: remote fetch works again: \(provider.name)") }
                failing = false
            }
        }
    }

    private func reportFailure(_ error: RemoteFetchError) {
        let fallback =
            provider.lastFetchTime.map {
                "the cached remote values fetched \(ISO8601DateFormatter().string(from: $0))"
            } ?? "the other layers (no cached remote values)"
        Console.error("tweak: warning: remote fetch failed: \(error); answering from \(fallback)")
    }

    private func reportCacheWriteError() {
        if let error = provider.cacheError, error.reason.isWriteFailure {
            Console.error("tweak: warning: \(error)")
        }
    }
}
