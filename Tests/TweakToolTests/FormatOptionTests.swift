import Foundation
import TestSupport
import Testing

// Runs the `tweak` executable: Foundation's `Process` exists on macOS and Linux only.
#if os(macOS) || os(Linux)

    /// `--format` and `--remote-format`: the format of a document is the caller's choice (or a
    /// `.plist` name), never guessed from its keys.
    @Suite("tweak --format", .blocking)
    struct FormatOptionTests {
        static let template =
            #"{"parameters": {"checkout.enabled": {"defaultValue": {"value": "true"}, "valueType": "BOOLEAN"}}, "version": {"versionNumber": "3"}}"#
        static let plist =
            #"<plist version="1.0"><dict><key>checkout.enabled</key><false/><key>welcome</key><string>Hi</string></dict></plist>"#

        @Test func aPlistNamedDotPlistIsReadAsFirebaseDefaults() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(Self.plist, to: "RemoteConfigDefaults.plist")
                let get = try sandbox.run("get", "firebase", "welcome", "--local", "RemoteConfigDefaults.plist")
                #expect(get.status == 0 && get.standardOutput == "Hi\n", "\(get.standardError)")
                #expect(try sandbox.run("validate", "RemoteConfigDefaults.plist").status == 0)
                // Under another name, it is read as a plist only when asked.
                try sandbox.write(Self.plist, to: "defaults.json")
                let unasked = try sandbox.run("validate", "defaults.json")
                #expect(unasked.status == 1)
                #expect(unasked.lines.first?.contains("--format or --remote-format firebase-defaults-plist") == true)
                let asked = try sandbox.run("validate", "--format", "firebase-defaults-plist", "defaults.json")
                #expect(asked.status == 0, "\(asked.standardOutput)")
                try sandbox.write(
                    #"<plist version="1.0"><dict><key>when</key><date>2026-01-01T00:00:00Z</date></dict></plist>"#,
                    to: "bad.plist")
                let bad = try sandbox.run("validate", "bad.plist")
                #expect(bad.status == 1)
                #expect(
                    bad.lines.first
                        == #"bad.plist: firebase.when: "when" is a date; expected a Boolean, integer, real or string"#)
            }
        }

        @Test func aTemplateIsReadOnlyWithFormatFirebaseTemplate() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(Self.template, to: "template.json")
                let unasked = try sandbox.run("get", "checkout", "enabled", "--local", "template.json")
                #expect(unasked.status == 1)
                #expect(unasked.standardError.contains("--format or --remote-format firebase-template"))
                let asked = try sandbox.run(
                    "get", "checkout", "enabled", "--local", "template.json", "--format", "firebase-template")
                #expect(asked.status == 0 && asked.standardOutput == "true\n", "\(asked.standardError)")
                // A remote document checked against a defaults plist.
                try sandbox.write(Self.plist, to: "RemoteConfigDefaults.plist")
                let validate = try sandbox.run(
                    "validate", "--against", "RemoteConfigDefaults.plist", "--format", "firebase-template",
                    "template.json")
                #expect(validate.status == 0, "\(validate.standardOutput)")
            }
        }

        @Test func aTweaksFileWithFeaturesNamedParametersAndVersionIsATweaksFile() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(
                    #"{"parameters": {"a": {"Value": 1}}, "version": {"b": {"Value": "x"}}}"#, to: "LocalTweaks.json")
                let get = try sandbox.run("get", "parameters", "a", "--local", "LocalTweaks.json")
                #expect(get.status == 0 && get.standardOutput == "1\n", "\(get.standardError)")
                #expect(try sandbox.run("validate", "LocalTweaks.json").status == 0)
            }
        }

        @Test func anUnknownFormatOrARemoteFormatWithoutRemoteIsBadUsage() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.copyExample()
                let unknown = try sandbox.run("validate", "--format", "yaml", "LocalTweaks_example.json")
                #expect(unknown.status == 2)
                #expect(
                    unknown.standardError.hasPrefix(
                        "tweak: --format takes one of tweaks, firebase-template, firebase-defaults-plist, flagd; found 'yaml'"
                    )
                )
                let remote = try sandbox.run("list", "--remote-format", "firebase-template")
                #expect(remote.status == 2 && remote.standardError.hasPrefix("tweak: --remote-format needs --remote"))
            }
        }
    }

    @Suite("tweak --remote-format", StaticNginx.required)
    struct RemoteFormatOptionTests {
        @Test func aRemoteTemplateIsReadWithRemoteFormat() async throws {
            try await StaticNginx.with { server in
                let sandbox = try ToolSandbox()
                defer { sandbox.remove() }
                try sandbox.copyExample()
                try server.write(FormatOptionTests.template, to: "template.json")
                let remote = server.url("template.json")
                let asked = try await onOwnThread {
                    try ToolRun(
                        sandbox.process([
                            "get", "checkout", "enabled", "--remote", remote, "--remote-format", "firebase-template",
                        ]))
                }
                #expect(asked.status == 0 && asked.standardOutput == "true\n", "\(asked.standardError)")
                let unasked = try await onOwnThread {
                    try ToolRun(sandbox.process(["get", "general", "enabled", "--remote", remote]))
                }
                #expect(unasked.status == 3)
                #expect(unasked.standardError.contains("--format or --remote-format firebase-template"))
            }
        }
    }

#endif
