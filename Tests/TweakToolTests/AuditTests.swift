import Foundation
import TestSupport
import Testing

// Runs the `tweak` executable: Foundation's `Process` exists on macOS and Linux only.
#if os(macOS) || os(Linux)

    /// `tweak audit` on fixture source trees whose answers are known: what is referenced, what is
    /// not, what is misspelt, what cannot be resolved, and which findings fail the run.
    @Suite("tweak audit", .blocking)
    struct AuditTests {
        static let tweaks = #"""
            {
              "checkout": {
                "enabled": {"Value": true, "Owner": "@payments", "Kind": "release", "Expires": "2026-01-31"},
                "max_items": {"Value": 5, "Owner": "@payments", "Kind": "operational",
                              "GeneratedPropertyName": "maxCheckoutItems"},
                "old_banner": {"Value": "Hello", "Kind": "experiment", "Created": "2026-01-01"}
              },
              "search": {
                "enabled": {"Value": false, "Owner": "@search", "Kind": "permission",
                            "GeneratedPropertyName": "isSearchEnabled"},
                "ranking": {"Value": "bm25", "Owner": "@search", "Kind": "experiment", "Created": "2026-11-01"}
              },
              "legacy": {
                "theme": {"Value": "dark", "Owner": "@design", "Expires": "2999-01-01"}
              }
            }
            """#

        /// A small app: each file exercises one way code names tweaks, or fails to.
        static let sources: [String: String] = [
            "App/Checkout.swift": #"""
            import Tweaks

            // manager.tweakWith(feature: "checkout", variable: "old_banner") was the banner.
            /* A block comment: isFeatureEnabled("legacy") /* nested: "old_banner" */ still comment */
            struct Checkout {
                let manager: TweakManager
                var isOn: Bool { manager.isFeatureEnabled("checkout") }
                let help = "Turn on old_banner in settings"
                let template = """
                    tweakWith(feature: "checkout", variable: "old_banner")
                    """
                func limit() throws -> Tweak { try manager.tweakWith(feature: "checkout", variable: "max_itemz") }
                var beta: Bool { manager.isFeatureEnabled("serch") }
            }
            """#,
            "App/FlagNames.swift": #"""
            enum FlagNames {
                static let search = "search"
                static let ranking: String = "ranking"
            }
            """#,
            "App/Search/SearchView.swift": #"""
            struct SearchView {
                let manager: TweakManager
                func ranking() throws -> String {
                    try manager.tweakWith(feature: FlagNames.search, variable: FlagNames.ranking).value.description
                }
            }
            """#,
            "App/Dynamic.swift": #"""
            func dynamic(_ manager: TweakManager, prefix: String, name: Names) throws {
                _ = try manager.tweakWith(feature: "check" + "out", variable: "enabled")
                _ = manager.isFeatureEnabled("\(prefix)_beta")
                _ = try manager.tweakWith(feature: name.feature, variable: "x")
            }
            func isOn(_ manager: TweakManager, feature: String, variable: String) throws -> Bool {
                try manager.tweakWith(feature: feature, variable: variable).value == .bool(true)
            }
            """#,
            "App/Legacy/LegacyTheme.swift": #"""
            let theme = try? manager.tweakWith(feature: #"legacy"#, variable: #"theme"#)
            let items = flags.maxCheckoutItems
            """#,
        ]

        /// Writes the tweaks file, the sources and the accessor `tweak generate` makes of them.
        func writeFixture(_ sandbox: ToolSandbox) throws {
            try sandbox.write(Self.tweaks, to: "Tweaks.json")
            for (path, text) in Self.sources { try sandbox.write(text, to: "Sources/" + path) }
            try sandbox.write(#"{"accessorName": "Flags"}"#, to: "config/config.json")
            let generate = try sandbox.run(
                "generate", "-l", "Tweaks.json", "-o", "Sources/Generated", "-c", "config", "--today", "2026-11-23")
            #expect(generate.status == 0, "\(generate.standardError)")
        }

        func audit(_ sandbox: ToolSandbox, _ extra: String...) throws -> ToolRun {
            try ToolRun(
                sandbox.process(
                    ["audit", "--sources", "Sources", "--local", "Tweaks.json", "--today", "2026-11-23"] + extra))
        }

        @Test func findsEachClassWithLocationsAndSuggestions() throws {
            try ToolSandbox.with { sandbox in
                try writeFixture(sandbox)
                let run = try audit(sandbox)
                #expect(run.status == 0, "findings alone do not fail a run: \(run.standardError)")
                let expected = """
                    Sources/App/Checkout.swift:12: undeclared: checkout.max_itemz is not declared in any local file \
                    (did you mean checkout.max_items?)
                    Sources/App/Checkout.swift:13: undeclared: serch.enabled is not declared in any local file \
                    (did you mean search.enabled?)
                    Tweaks.json: unreferenced: checkout.old_banner: declared but never referenced
                    Tweaks.json: unreferenced: search.enabled: declared but never referenced
                    Tweaks.json: expired: checkout.enabled: expired on 2026-01-31 (owner @payments)
                    Tweaks.json: stale: checkout.old_banner: kind experiment, created 2026-01-01: past its expected \
                    lifetime of 40 days since 2026-02-10
                    Tweaks.json: no-owner: checkout.old_banner: no Owner
                    Sources/App/Dynamic.swift:2: unresolved: `"check" + "out"` is built at run time: the audit cannot \
                    tell which tweak this names
                    Sources/App/Dynamic.swift:3: unresolved: `"\\(prefix)_beta"` is built at run time: the audit \
                    cannot tell which tweak this names
                    Sources/App/Dynamic.swift:4: unresolved: `name.feature` is not a string constant the audit can \
                    see: it cannot tell which tweak this names

                    """
                #expect(run.standardOutput == expected)
                #expect(
                    run.standardError
                        == "2 undeclared, 2 unreferenced, 1 expired, 1 stale, 1 no-owner, 3 unresolved in 5 Swift files"
                        + " (2 generated skipped), 6 tweaks declared, on 2026-11-23\n")
            }
        }

        @Test func generatedCodeIsLeftOutUnlessIncludedAndExcludedFilesAreNotRead() throws {
            try ToolSandbox.with { sandbox in
                try writeFixture(sandbox)
                // The generated accessor names every tweak: included, nothing is unreferenced.
                let included = try audit(sandbox, "--include-generated", "--fail-on", "unreferenced")
                #expect(included.status == 0)
                #expect(!included.standardOutput.contains("unreferenced"))
                #expect(included.standardError.contains("in 7 Swift files, 6 tweaks declared"))

                // Leaving out the legacy folder leaves its tweak and the accessor property unreferenced.
                let excluded = try audit(sandbox, "--exclude", "*/Legacy/*", "--fail-on", "unreferenced")
                #expect(excluded.status == 1)
                #expect(
                    excluded.lines.filter { $0.contains("unreferenced") } == [
                        "Tweaks.json: unreferenced: checkout.max_items: declared but never referenced",
                        "Tweaks.json: unreferenced: checkout.old_banner: declared but never referenced",
                        "Tweaks.json: unreferenced: legacy.theme: declared but never referenced",
                        "Tweaks.json: unreferenced: search.enabled: declared but never referenced",
                    ])
                #expect(excluded.standardError.contains("in 4 Swift files (2 generated skipped)"))
            }
        }

        @Test func overridesOfTweaksThatAreGoneAreReported() throws {
            try ToolSandbox.with { sandbox in
                try writeFixture(sandbox)
                try sandbox.write(
                    #"{"checkout": {"enabled": {"Value": false}}, "gone": {"flag": {"Value": true}}}"#, to: "o.json")
                let file = try audit(sandbox, "--overrides", "o.json", "--fail-on", "orphan-override")
                #expect(file.status == 1)
                #expect(
                    file.lines.filter { $0.contains("orphan-override") } == [
                        "o.json: orphan-override: gone.flag is overridden but no local file declares it"
                    ])

                // A suite the app wrote while `old.flag` was declared, audited after it went.
                let suite = "TweakAuditTests.\(UUID().uuidString)"
                defer { ToolSandbox.removeSuite(suite) }
                try sandbox.write(#"{"old": {"flag": {"Value": 1}}}"#, to: "Old.json")
                let set = try sandbox.run("set", "old", "flag", "2", "--local", "Old.json", "--suite", suite)
                #expect(set.status == 0, "\(set.standardError)")
                let audited = try audit(sandbox, "--defaults-suite", suite)
                #expect(
                    audited.lines.filter { $0.contains("orphan-override") } == [
                        "suite \(suite): orphan-override: old.flag is overridden but no local file declares it"
                    ])
            }
        }

        @Test func jsonHasAStableDocumentedShape() throws {
            try ToolSandbox.with { sandbox in
                try writeFixture(sandbox)
                let run = try audit(sandbox, "--json")
                #expect(run.status == 0)
                let object = try #require(
                    try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
                #expect(
                    Set(object.keys) == [
                        "version", "today", "scannedFiles", "skippedGeneratedFiles", "declaredTweaks", "counts",
                        "omittedFindings", "findings",
                    ])
                #expect(object["version"] as? Int == 1)
                #expect(object["today"] as? String == "2026-11-23")
                #expect(object["scannedFiles"] as? Int == 5 && object["skippedGeneratedFiles"] as? Int == 2)
                let counts = try #require(object["counts"] as? [String: Int])
                #expect(
                    counts == [
                        "undeclared": 2, "unreferenced": 2, "expired": 1, "stale": 1, "no-owner": 1,
                        "orphan-override": 0, "unresolved": 3,
                    ])
                let findings = try #require(object["findings"] as? [[String: Any]])
                #expect(findings.count == 10)
                let common: Set<String> = ["class", "feature", "variable", "file", "line", "message"]
                for finding in findings { #expect(common.isSubset(of: Set(finding.keys))) }
                let typo = try #require(findings.first)
                #expect(typo["class"] as? String == "undeclared")
                #expect(typo["file"] as? String == "Sources/App/Checkout.swift" && typo["line"] as? Int == 12)
                #expect(typo["feature"] as? String == "checkout" && typo["variable"] as? String == "max_itemz")
                #expect(typo["suggestion"] as? String == "checkout.max_items")
                let expired = try #require(findings.first { $0["class"] as? String == "expired" })
                #expect(expired["expires"] as? String == "2026-01-31" && expired["owner"] as? String == "@payments")
                #expect(expired["kind"] as? String == "release" && expired["line"] is NSNull)
                let stale = try #require(findings.first { $0["class"] as? String == "stale" })
                #expect(stale["expectedRemoval"] as? String == "2026-02-10")
                let unresolved = try #require(findings.first { $0["class"] as? String == "unresolved" })
                #expect(unresolved["expression"] as? String == #""check" + "out""#)
            }
        }

        /// A flag read only inside string interpolations is referenced: the clean-up recipe of
        /// Docs/Lifecycle.md (delete what `--fail-on unreferenced` lists) must not delete it.
        @Test func readsInsideStringInterpolationsAreReferences() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(
                    #"""
                    {"plain": {"enabled": {"Value": true, "Owner": "@a"}},
                     "nested": {"limit": {"Value": 1, "Owner": "@a"}},
                     "multi": {"enabled": {"Value": true, "Owner": "@a"}},
                     "raw": {"enabled": {"Value": true, "Owner": "@a"}},
                     "gone": {"enabled": {"Value": true, "Owner": "@a"}}}
                    """#, to: "Tweaks.json")
                try sandbox.write(
                    ##"""
                    func describe(_ manager: TweakManager) -> [String] {
                        [
                            "plain: \(manager.isFeatureEnabled("plain"))",
                            "limit: \(String(describing: (try? manager.tweakWith(feature: "nested", variable: "limit"))?.value))",
                            """
                            multi: \(
                                manager.isFeatureEnabled("multi")
                            )
                            """,
                            #"raw: \#(manager.isFeatureEnabled("raw")), not \(manager.isFeatureEnabled("gone"))"#,
                        ]
                    }
                    """##, to: "Sources/Describe.swift")
                let run = try ToolRun(
                    sandbox.process([
                        "audit", "--sources", "Sources", "--local", "Tweaks.json", "--today", "2026-11-23", "--fail-on",
                        "unreferenced",
                    ]))
                #expect(
                    run.lines.filter { $0.contains("unreferenced") } == [
                        "Tweaks.json: unreferenced: gone.enabled: declared but never referenced"
                    ], "\(run.standardOutput)")
                #expect(run.status == 1)
            }
        }

        @Test func onlyTheClassesGivenToFailOnFailTheRun() throws {
            try ToolSandbox.with { sandbox in
                try writeFixture(sandbox)
                #expect(try audit(sandbox, "--fail-on", "orphan-override").status == 0)
                #expect(try audit(sandbox, "--fail-on", "undeclared").status == 1)
                #expect(try audit(sandbox, "--fail-on", "orphan-override,expired").status == 1)
                #expect(try audit(sandbox, "--fail-on", "all").status == 1)
                // Next year checkout.enabled is still expired, legacy.theme not yet, search.ranking stale.
                let later = try sandbox.run(
                    "audit", "--sources", "Sources", "--local", "Tweaks.json", "--today", "2027-06-01")
                #expect(later.lines.filter { $0.contains(": stale: ") }.count == 2)
                let bad = try audit(sandbox, "--fail-on", "expird")
                #expect(bad.status == 2)
                #expect(bad.standardError.hasPrefix("tweak: --fail-on: unknown class 'expird' (one of undeclared,"))
                #expect(try audit(sandbox, "--today", "2026-02-30").status == 2)
                #expect(try sandbox.run("audit", "--local", "Tweaks.json").status == 2)
                let missing = try sandbox.run("audit", "--sources", "Nowhere", "--local", "Tweaks.json")
                #expect(missing.status == 1 && missing.standardError == "tweak: --sources Nowhere: no such folder\n")
            }
        }

        @Test func aBadLocalFileStopsTheAuditWithATypedError() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(#"{"f": {"v": {"Value": 1, "Kind": "temporary"}}}"#, to: "Tweaks.json")
                try sandbox.write("let x = 1\n", to: "Sources/A.swift")
                let run = try audit(sandbox)
                #expect(run.status == 1)
                #expect(
                    run.standardError
                        == #"tweak: Tweaks.json:1:34: f.v: "Kind" is "temporary"; expected one of release, experiment,"#
                        + " operational, permission\n")
            }
        }
    }

#endif
