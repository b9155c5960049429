// apple-check stand-in for Xcode's XcodeProjectPlugin module (Xcode 26), which exists only in
// Xcode: the part of its documented API that a build-tool plugin uses
// (https://developer.apple.com/documentation/xcodeprojectplugin). It is compiled against the
// toolchain's PackagePlugin, so that `#if canImport(XcodeProjectPlugin)` branches of
// Plugins/*/plugin.swift are type-checked. Bodies are placeholders (type-checking only).
//
// Uncertain: Xcode declares these as structs with `let` properties and no public initialisers;
// their Sendable conformances are not documented (none are modelled here).
import Foundation
import PackagePlugin

/// A plugin that creates build commands for a target of an Xcode project.
public protocol XcodeBuildToolPlugin {
  func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command]
}

/// What Xcode passes to an Xcode build-tool plugin.
public struct XcodePluginContext {
  /// The project the target belongs to.
  public let xcodeProject: XcodeProject
  /// A folder the plugin may write to (generated sources, intermediates).
  public let pluginWorkDirectoryURL: URL
  /// A tool the plugin depends on, or one of the toolchain's (same as `PluginContext.tool(named:)`).
  public func tool(named name: String) throws -> PluginContext.Tool { fatalError() }
}

/// An Xcode project.
public struct XcodeProject {
  public typealias ID = String
  public let id: ID
  public let displayName: String
  public let directoryURL: URL
  public let targets: [XcodeTarget]
}

/// A target of an Xcode project.
public struct XcodeTarget {
  public typealias ID = String
  public let id: ID
  public let displayName: String
  /// The target's input files (`File`, with `.url` and `.type`), from PackagePlugin.
  public let inputFiles: FileList
}
