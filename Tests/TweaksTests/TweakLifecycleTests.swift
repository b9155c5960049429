import Foundation
import Testing

@testable import Tweaks

/// `Owner`, `Kind`, `Created` and `Expires`: read strictly from files a person writes, leniently
/// from remote documents, and carried beside the tweak into the catalog.
@Suite struct TweakLifecycleTests {
    @Test func daysAreReadOnlyInTheirISOFormAndOnlyWhenTheyExist() throws {
        let day = try #require(TweakDay("2028-02-29"))
        #expect((day.year, day.month, day.day) == (2028, 2, 29))
        #expect(day.description == "2028-02-29")
        for text in [
            "2026-02-29", "2100-02-29", "2026-13-01", "2026-04-31", "2026-00-10", "26-01-01", "2026-1-1",
            "2026-01-01T00:00", " 2026-01-01", "2026/01/01", "０２０２-01-01", "",
        ] {
            #expect(TweakDay(text) == nil, "\(text)")
        }
        #expect(TweakDay("2000-02-29") != nil)
    }

    @Test func daysCountAcrossMonthsYearsAndLeapDays() throws {
        let start = try #require(TweakDay("2026-01-01"))
        #expect(start.adding(days: 40)?.description == "2026-02-10")
        #expect(start.adding(days: 365)?.description == "2027-01-01")
        #expect(try #require(TweakDay("2028-02-28")).adding(days: 1)?.description == "2028-02-29")
        #expect(try #require(TweakDay("2028-02-28")).adding(days: 2)?.description == "2028-03-01")
        #expect(start.adding(days: -1)?.description == "2025-12-31")
        #expect(try #require(TweakDay("2026-03-01")).days(since: start) == 59)
        #expect(try start < #require(start.adding(days: 1)))
        // 2026-11-23T23:30Z is still the 23rd in UTC and already the 24th in UTC+1.
        let instant = Date(timeIntervalSince1970: 1_795_476_600)
        #expect(TweakDay(instant, timeZone: TimeZone(identifier: "UTC")!).description == "2026-11-23")
        #expect(TweakDay(instant, timeZone: TimeZone(secondsFromGMT: 3600)!).description == "2026-11-24")
    }

    @Test func addingDaysBeyondTheCalendarIsNilNotATrapNorTheLastDay() throws {
        let start = try #require(TweakDay("2026-01-01"))
        #expect(start.adding(days: .max) == nil)
        #expect(start.adding(days: .min) == nil)
        let last = try #require(TweakDay("9999-12-31"))
        #expect(last.adding(days: 1) == nil)
        #expect(last.adding(days: 0) == last)
        #expect(try #require(TweakDay("0001-01-01")).adding(days: -1) == nil)
        #expect(last.adding(days: -1)?.description == "9999-12-30")
    }

    @Test func aTweakWhoseExpectedRemovalIsBeyondTheCalendarNeverGoesStale() throws {
        let lifecycle = TweakLifecycle(kind: .release, created: TweakDay("9999-12-31"))
        #expect(lifecycle.expectedRemoval == nil)
        #expect(!lifecycle.isPastExpectedLifetime(on: try #require(TweakDay("9999-12-31"))))
        let late = TweakLifecycle(kind: .experiment, created: TweakDay("9999-11-21"))
        #expect(late.expectedRemoval?.description == "9999-12-31")
    }

    @Test(arguments: [
        ("0000-01-01", "a year from 0001 to 9999"),
        ("2100-02-29", "a day from 01 to 28 (February 2100 has 28 days)"),
        ("2026-04-31", "a day from 01 to 30 (April 2026 has 30 days)"),
        ("2026-01-00", "a day from 01 to 31 (January 2026 has 31 days)"),
        ("2026-13-01", "a month from 01 to 12"),
        ("2026-00-10", "a month from 01 to 12"),
        ("2026/01/01", "a date written YYYY-MM-DD"),
        ("2026-1-01", "a date written YYYY-MM-DD"),
    ])
    func aDateWrittenRightButNoDaySaysWhatIsWrong(_ text: String, _ expected: String) throws {
        do {
            _ = try LocalTweakProvider(
                data: Data(#"{"f": {"v": {"Value": 1, "Created": "\#(text)"}}}"#.utf8), source: "l.json")
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.reason == .invalidFieldValue(field: "Created", value: text, expected: expected))
        }
        #expect(TweakDay(text) == nil)
    }

    @Test func kindsHaveDocumentedLifetimes() {
        #expect(TweakKind.allKinds.map(\.name) == ["release", "experiment", "operational", "permission"])
        #expect(TweakKind.allKinds.map(\.expectedLifetimeDays) == [40, 40, nil, nil])
        #expect(TweakKind(name: "experiment") == .experiment)
        #expect(TweakKind(name: "Release") == nil)
        #expect(TweakKind(name: "kill-switch") == nil)
    }

    @Test func expiryAndExpectedLifetimeAreJudgedOnTheDayGiven() throws {
        let lifecycle = TweakLifecycle(
            owner: "@a", kind: .release, created: TweakDay("2026-01-01"), expires: TweakDay("2026-03-01"))
        #expect(!lifecycle.isExpired(on: try #require(TweakDay("2026-02-28"))))
        #expect(lifecycle.isExpired(on: try #require(TweakDay("2026-03-01"))))
        #expect(lifecycle.expectedRemoval?.description == "2026-02-10")
        #expect(!lifecycle.isPastExpectedLifetime(on: try #require(TweakDay("2026-02-09"))))
        #expect(lifecycle.isPastExpectedLifetime(on: try #require(TweakDay("2026-02-10"))))
        let longLived = TweakLifecycle(kind: .permission, created: TweakDay("2000-01-01"))
        #expect(longLived.expectedRemoval == nil)
        #expect(!longLived.isPastExpectedLifetime(on: try #require(TweakDay("2999-01-01"))))
        #expect(TweakLifecycle().isEmpty && !longLived.isEmpty)
    }

    @Test func aLocalFileCarriesTheLifecycleBesideTheTweak() throws {
        let provider = try LocalTweakProvider(
            data: Data(
                #"""
                {"checkout": {
                  "enabled": {"Value": true, "Owner": "@payments", "Kind": "release", "Created": "2026-01-01",
                              "Expires": "2026-02-15"},
                  "limit": {"Value": 3}
                }}
                """#.utf8), source: "local.json", name: "local")
        let lifecycle = try #require(provider.lifecycle(feature: "checkout", variable: "enabled"))
        #expect(lifecycle.owner == "@payments")
        #expect(lifecycle.kind == .release)
        #expect(lifecycle.created == TweakDay("2026-01-01"))
        #expect(lifecycle.expires == TweakDay("2026-02-15"))
        #expect(provider.lifecycle(feature: "checkout", variable: "limit") == TweakLifecycle())
        #expect(provider.lifecycle(feature: "checkout", variable: "missing") == nil)
        // The tweak itself is unchanged: the same value as without metadata.
        #expect(try provider.tweak(for: TweakKey(feature: "checkout", variable: "enabled"))?.value == .bool(true))

        let manager = TweakManager(tweakProviders: [EphemeralTweakProvider(), provider])
        let entries = manager.catalog().entries
        #expect(entries.first { $0.variable == "enabled" }?.lifecycle == lifecycle)
        #expect(entries.first { $0.variable == "limit" }?.lifecycle.isEmpty == true)
    }

    @Test func badLifecycleValuesAreTypedErrorsNamingFileTweakAndValue() {
        func error(_ entry: String) -> TweakLoadError? {
            do {
                _ = try LocalTweakProvider(data: Data(#"{"f": {"v": {"Value": 1, \#(entry)}}}"#.utf8), source: "l.json")
                return nil
            } catch {
                return error
            }
        }
        let badDate = error(#""Expires": "2026-02-30""#)
        #expect(badDate?.source == "l.json" && badDate?.feature == "f" && badDate?.variable == "v")
        #expect(
            badDate?.reason
                == .invalidFieldValue(
                    field: "Expires", value: "2026-02-30", expected: "a day from 01 to 28 (February 2026 has 28 days)"))
        #expect(badDate?.reason.field == "Expires" && badDate?.reason.detail == "2026-02-30")
        #expect(
            badDate?.description
                == #"l.json:1:37: f.v: "Expires" is "2026-02-30"; expected a day from 01 to 28 (February 2026 has 28 days)"#
        )
        #expect(error(#""Created": "1/1/2026""#)?.reason.field == "Created")
        #expect(
            error(#""Kind": "relase""#)?.reason
                == .invalidFieldValue(
                    field: "Kind", value: "relase", expected: "one of release, experiment, operational, permission"))
        #expect(error(#""Owner": " ""#)?.reason.field == "Owner")
        #expect(error(#""Owner": ["a"]"#)?.reason == .wrongType(field: "Owner", expected: "string", found: "array"))
        #expect(error(#""owner": "@a""#)?.reason == .unknownField("owner"))
        #expect(
            error(#""Created": "2026-03-01", "Expires": "2026-02-01""#)?.reason
                == .invalidFieldValue(
                    field: "Expires", value: "2026-02-01", expected: #"a date on or after "Created" (2026-03-01)"#))
    }

    @Test func aRemoteDocumentKeepsItsValuesWhenItsMetadataIsBad() throws {
        let document = try LocalTweaksDocument(
            bytes: Array(
                #"{"f": {"v": {"Value": 2, "Kind": "kill-switch", "Expires": 20260101, "Owner": "@a"}}}"#.utf8),
            source: "remote", tweakSource: nil, allowsBareValues: true, strictness: .lenient)
        let definition = try #require(document.definition(feature: "f", variable: "v"))
        #expect(definition.tweak.value == .int(2))
        #expect(document.lifecycles[TweakKey(feature: "f", variable: "v")] == TweakLifecycle(owner: "@a"))
        #expect(document.warnings.map(\.reason.field) == ["Kind", "Expires"])
        #expect(
            document.warnings.first?.reason
                == .invalidFieldValue(
                    field: "Kind", value: "kill-switch", expected: "one of release, experiment, operational, permission"
                ))
    }
}
