public import Foundation

extension OverridesFileTweakProvider {
    /// The overrides file of the project in `folder`: the one the `tweak` tool uses by default
    /// when run in that folder, so that a service run there shares it (`tweak set` changes the
    /// running service) while other projects keep their own.
    ///
    /// `$TWEAKS_OVERRIDES_FILE` when set; else
    /// `<configuration home>/tweaks/overrides/<folder name>-<hash of the folder's path>.json`, the
    /// configuration home being `$XDG_CONFIG_HOME`, else `~/.config`.
    public static func defaultFileURL(
        forProjectAt folder: URL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        if let path = environment["TWEAKS_OVERRIDES_FILE"], !path.isEmpty { return URL(fileURLWithPath: path) }
        let home = ConfigurationHome.url(environment: environment)
        let project = folder.standardizedFileURL.resolvingSymlinksInPath()
        let name = StableFileName.make(readable: project.lastPathComponent, key: project.path, extension: "json")
        return home.appendingPathComponent("tweaks/overrides").appendingPathComponent(name)
    }
}
