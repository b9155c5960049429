import Foundation
import Tweaks
import TweaksRemote

/// The service's flags: one `TweakManager` over five layers, highest priority first.
///
/// 1. **environment**: `TWEAK_<FEATURE>__<VARIABLE>` variables (`EnvironmentTweakProvider`), fixed
///    for the life of the process;
/// 2. **overrides file**: what operators change while the service runs (`tweak set`);
/// 3. **remote**: a document on a server or CDN, when `--remote` is given;
/// 4. **flagd**: `flags.flagd.json`, a flagd flag definition file shipped with the service, whose
///    targeting decides per customer (a rollout, by country and by a share of customers);
/// 5. **defaults**: `defaults.json`, shipped with the service, which declares every flag's type.
///
/// The first layer that has a tweak wins: the flagd file's rollouts apply unless an operator or a
/// remote document sets the flag for everyone.
struct FlagStack {
    /// Answers every flag read.
    let manager: TweakManager
    /// The overrides file layer, whose problems are reported by ``OverridesFileHealth``.
    let overrides: OverridesFileTweakProvider
    /// The remote layer; `nil` without `--remote`.
    let remote: RemoteTweakProvider?
    /// The flagd layer, whose flags the summary counts.
    let flagd: LocalTweakProvider

    /// A stack configured by `options` and the `TWEAK_…` variables of `environment`.
    ///
    /// - Throws: the first `EnvironmentTweakProvider.ValueError` (a misspelt variable, or a value
    ///   that is not of its tweak's declared type), a `TweakLoadError` for a bad overrides, flagd
    ///   or defaults file, or a `RemoteFetchError` for a remote URL that is not allowed.
    init(options: Options, environment: [String: String]) throws {
        let environmentOverrides = EnvironmentTweakProvider(environment: environment)
        overrides = try OverridesFileTweakProvider(
            fileURL: options.overridesURL ?? Options.defaultOverridesURL(environment: environment),
            name: "overrides file",
            pollInterval: options.isDemo ? 0.1 : 1)
        remote = try options.remoteURL.map { url in
            RemoteTweakProvider(
                source: try HTTPRemoteTweakSource(url: url, timeout: 10),
                cacheURL: options.remoteCacheURL ?? Self.defaultRemoteCacheURL, name: "remote")
        }
        flagd = try LocalTweakProvider(jsonURL: try Self.resourceURL("flags.flagd.json"), name: "flagd", format: .flagd)
        let defaults = try LocalTweakProvider(jsonURL: try Self.resourceURL("defaults.json"), name: "defaults")
        // The environment layer is read-only: `manager.set` writes to the overrides file.
        let layers: [(any TweakProvider)?] = [environmentOverrides, overrides, remote, flagd, defaults]
        manager = TweakManager(tweakProviders: layers.compactMap { $0 })
        // Checked against the manager's schema (the defaults): a bad variable stops the service.
        if let problem = environmentOverrides.problems(in: manager.schema).first { throw problem }
    }

    /// The layers, highest priority first, with the number of tweaks of the in-memory ones.
    var summary: String {
        let environmentCount = manager.tweakProviders.first?.knownTweaks.count ?? 0
        var layers = ["environment: \(environmentCount)", "overrides file: \(overrides.fileURL.path)"]
        if let remote { layers.append("remote: \(remote.source.location)") }
        layers.append("flagd: \(flagd.knownTweaks.count)")
        layers.append("defaults: \(manager.tweakProviders.last?.knownTweaks.count ?? 0)")
        return layers.joined(separator: ", ")
    }

    /// The file `name` bundled with the service.
    private static func resourceURL(_ name: String) throws -> URL {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil) else {
            throw MissingResource(name: name)
        }
        return url
    }

    /// Where the remote document is kept when `--remote-cache` is not given.
    private static var defaultRemoteCacheURL: URL {
        FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("server-example/remote-tweaks.cache")
    }
}

/// A file that should have been bundled with the service is missing.
struct MissingResource: Error, CustomStringConvertible {
    /// The file's name.
    let name: String

    /// The error as the service reports it.
    var description: String { "\(name) is missing from the service's resources" }
}
