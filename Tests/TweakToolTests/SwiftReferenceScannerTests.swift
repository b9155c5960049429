import Testing

@testable import tweak

/// The lexer and scanner behind `tweak audit`, on the Swift that trips naive scanners: comments,
/// strings inside strings, raw and multi-line literals, interpolation with nested strings.
@Suite struct SwiftReferenceScannerTests {
    func scan(_ source: String) -> FileReferences {
        var bytes = Array(source.utf8)
        return bytes.withUnsafeMutableBufferPointer { SwiftReferenceScanner.scan(UnsafeBufferPointer($0)) }
    }

    func calls(_ source: String) -> [String] {
        scan(source).calls.map { call in
            func text(_ expression: FileReferences.Expression?) -> String {
                switch expression {
                case .literal(let name): name
                case .reference(let chain): "<" + chain.joined(separator: ".") + ">"
                case .dynamic(let source): "dynamic(\(source))"
                case .implicitMember(let name): "<." + name + ">"
                case .passedOn: "passedOn"
                case nil: "-"
                }
            }
            return "\(call.line): \(text(call.feature)).\(text(call.variable))"
        }
    }

    @Test func commentsAndStringsHideWhatLooksLikeCode() {
        let source = #"""
            // isFeatureEnabled("a")
            /* outer /* inner isFeatureEnabled("b") */ isFeatureEnabled("c") */
            let s = "isFeatureEnabled(\"d\")"
            let r = #"tweakWith(feature: "e", variable: "f")"#
            let m = """
                isFeatureEnabled("g") \"""
                """
            let x = #/isFeatureEnabled\("h"\)/#
            let y = isFeatureEnabled("real")
            """#
        #expect(calls(source) == ["9: real.enabled"])
        #expect(
            scan(source).literals == [#"isFeatureEnabled("d")"#, #"tweakWith(feature: "e", variable: "f")"#, "real"])
    }

    @Test func interpolationMayHoldStringsAndParentheses() {
        let source = ##"""
            let a = "\(f(")", g("(")))", isFeatureEnabled("after")
            let b = #"raw \#(value) and \(notInterpolated)"#
            let c = manager.tweakWith(feature: "x\(n)", variable: #"raw"#)
            """##
        #expect(calls(source) == [#"1: after.enabled"#, #"3: dynamic("x\(n)").raw"#])
        // The strings inside an interpolation are literals of the code.
        #expect(scan(source).literals == [")", "(", "after", "raw"])
    }

    /// A read inside an interpolation is a read: in every kind of literal, at any depth.
    @Test func readsInsideInterpolationsCount() {
        let source = ##"""
            let a = "on: \(manager.isFeatureEnabled("plain"))"
            let b = "\(String(describing: (try? manager.tweakWith(feature: "nested", variable: "v"))?.value))!"
            let c = """
                multi \(
                    manager.isFeatureEnabled("multi")
                ) line
                """
            let d = #"raw \#(manager.isFeatureEnabled("raw")) and \(manager.isFeatureEnabled("notRead"))"#
            let e = "\("inner \(manager.isFeatureEnabled("deep"))")"
            let f = "\(flags.maxCheckoutItems) \(manager.isFeatureEnabled(FlagNames.search))"
            let g = isFeatureEnabled("after")
            """##
        #expect(
            calls(source) == [
                "1: plain.enabled", "2: nested.v", "5: multi.enabled", "8: raw.enabled", "9: deep.enabled",
                "10: <FlagNames.search>.enabled", "11: after.enabled",
            ])
        let references = scan(source)
        #expect(references.members.contains("maxCheckoutItems") && references.identifiers.contains("FlagNames"))
        #expect(!references.literals.contains("notRead"))
        // An argument that is a literal with interpolations is still shown whole.
        #expect(
            calls(#"_ = isFeatureEnabled("beta_\(user.plan(for: "x"))_on")"#)
                == [#"1: dynamic("beta_\(user.plan(for: "x"))_on").enabled"#])
    }

    @Test func argumentsAreReadByLabelAndPositionAndDeclarationsAreNotCalls() {
        let source = #"""
            func wrap(feature: String, variable: String) -> Bool { m.read(feature: feature, variable: variable) }
            init(feature: String) {}
            case toggle(feature: String, variable: String)
            let k = TweakKey(feature: Names.checkout, variable: self.limit)
            let o = TweakOverride.tweak("a", "b", .bool(true))
            let p = TweakOverride.tweak(x, "b", .bool(true))
            try m.setFeatureEnabled(true, feature: Flag.beta.rawValue)
            let t = m.tweakWith(feature: ["a", "b"].first!, variable: "v")
            """#
        #expect(
            calls(source) == [
                "1: passedOn.passedOn", "4: <Names.checkout>.<limit>", "5: a.b", "7: <Flag.beta>.enabled",
                #"8: dynamic(["a", "b"].first!).v"#,
            ])
    }

    @Test func constantsAreStringsAndAliasesThatEndTheirStatement() {
        let references = scan(
            #"""
            enum Names { static let checkout = "checkout"; static let limit: String = "max_items" }
            let alias = Names.checkout
            enum Flag: String { case beta = "beta_flag" }
            let notConstant = "a" + b
            let call = make("c")
            if let unwrapped = optional { }
            """#)
        #expect(
            references.constants.map(\.name) == [
                ["Names", "checkout"], ["Names", "limit"], ["alias"], ["Flag", "beta"],
            ])
        #expect(
            references.constants.map(\.value) == [
                .literal("checkout"), .literal("max_items"), .reference(["Names", "checkout"]), .literal("beta_flag"),
            ])
        // A declared name is no use of it; `Names.checkout` in the alias is.
        #expect(!references.identifiers.contains("limit") && references.identifiers.contains("checkout"))
    }

    @Test func constantsAreQualifiedByTheTypesTheyAreDeclaredIn() {
        let references = scan(
            #"""
            enum Outer {
                struct Inner { static let a = "a" }
                class func make() { let local = "l" }
                static let b = "b"
            }
            extension App.Flags { static let c = "c"; func f() { _ = isFeatureEnabled(c) } }
            let top = "t"
            """#)
        #expect(
            references.constants.map(\.name) == [
                ["Outer", "Inner", "a"], ["Outer", "local"], ["Outer", "b"], ["App", "Flags", "c"], ["top"],
            ])
        #expect(references.calls.map(\.scope) == [["App", "Flags"]])
        #expect(calls(#"_ = isFeatureEnabled(.checkout)"#) == ["1: <.checkout>.enabled"])
    }

    @Test func linesAreCountedThroughCommentsAndMultiLineStrings() {
        let source = "/*\n\n*/\nlet m = \"\"\"\na\nb\n\"\"\"\n// x\nlet y = isFeatureEnabled(\"z\")\n"
        #expect(calls(source) == ["9: z.enabled"])
    }
}
