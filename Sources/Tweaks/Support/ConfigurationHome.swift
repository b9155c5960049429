package import Foundation

/// Where per-user configuration lives: the default overrides files and the `tweak` tool's remote
/// caches are under it.
package enum ConfigurationHome {
    /// `$XDG_CONFIG_HOME` when set in `environment`, else `~/.config`.
    package static func url(environment: [String: String]) -> URL {
        environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".config")
    }
}
