import Foundation
import Testing

@testable import Tweaks

/// The overrides file is written once per batch, is never read past its size limit, is not read
/// again while unchanged, and a poll's read never holds up a write.
@Suite("Overrides file: batches and bounds")
struct OverridesFileBatchAndBoundsTests {
    /// Counts the change notifications `provider` posts.
    final class NotificationCounter: Sendable {
        let count = Locked(0)
        // Written once in `init`, read once in `deinit`; the notification block never touches it.
        nonisolated(unsafe) private var observer: (any NSObjectProtocol)?

        init(_ provider: AnyObject) {
            observer = NotificationCenter.default.addObserver(
                forName: TweakProviderDidChangeNotification, object: provider, queue: nil
            ) { [count] _ in count.withLock { $0 += 1 } }
        }

        deinit {
            if let observer { NotificationCenter.default.removeObserver(observer) }
        }
    }

    @Test func aBatchOfValuesIsOneWriteAndOneChange() throws {
        try TemporaryDirectory.with { directory in
            let url = directory.url.appendingPathComponent("overrides.json")
            let provider = try OverridesFileTweakProvider(fileURL: url, pollInterval: nil)
            try provider.set(.int(0), feature: "old", variable: "value")
            let notifications = NotificationCounter(provider)
            let writesBefore = provider.fileWrites.withLock { $0 }
            var values: [TweakKey: TweakValue] = [:]
            for index in 0..<4_000 { values[TweakKey(feature: "f\(index % 40)", variable: "v\(index)")] = .int(index) }

            try provider.setValues(values, removingOthers: true)
            #expect(provider.fileWrites.withLock { $0 } == writesBefore + 1)
            #expect(notifications.count.withLock { $0 } == 1)
            #expect(try provider.tweak(for: TweakKey(feature: "f7", variable: "v3087"))?.value == .int(3087))
            #expect(try provider.tweak(for: TweakKey(feature: "old", variable: "value")) == nil)

            let reread = try OverridesFileTweakProvider(fileURL: url, pollInterval: nil)
            #expect(reread.knownTweaks.count == 4_000)

            // A batch that changes nothing writes nothing.
            try provider.setValues([TweakKey(feature: "f7", variable: "v3087"): .int(3087)], removingOthers: false)
            #expect(provider.fileWrites.withLock { $0 } == writesBefore + 1)
        }
    }

    @Test func aFileFarOverTheLimitIsRefusedWithoutBeingRead() throws {
        try TemporaryDirectory.with { directory in
            let url = directory.url.appendingPathComponent("overrides.json")
            let provider = try OverridesFileTweakProvider(fileURL: url, pollInterval: nil)
            try provider.set(.int(1), feature: "kept", variable: "value")
            // A sparse file of 1 GiB: cheap on disk, costly if read.
            let sparse = directory.url.appendingPathComponent("sparse")
            #expect(FileManager.default.createFile(atPath: sparse.path, contents: nil))
            let handle = try FileHandle(forWritingTo: sparse)
            try handle.truncate(atOffset: 1 << 30)
            try handle.close()
            try FileManager.default.removeItem(at: url)
            try FileManager.default.moveItem(at: sparse, to: url)

            let peakBefore = Self.peakResidentBytes()
            let error = #expect(throws: TweakLoadError.self) { try provider.reload() }
            let growth = (Self.peakResidentBytes() ?? 0) - (peakBefore ?? 0)
            #expect(error?.reason == .tooLarge(limit: LocalTweaksDocument.maximumSize))
            #expect(error?.source == url.path)
            #expect(growth < 64 << 20, "the peak of resident memory grew by \(growth) bytes")
            #expect(try provider.tweak(for: TweakKey(feature: "kept", variable: "value"))?.value == .int(1))
            // A write refuses to destroy the file, just as quickly.
            #expect(throws: TweakLoadError.self) { try provider.set(.int(2), feature: "kept", variable: "value") }
        }
    }

    @Test func anUnchangedInvalidFileIsReadOnce() throws {
        try TemporaryDirectory.with { directory in
            let url = directory.url.appendingPathComponent("overrides.json")
            let provider = try OverridesFileTweakProvider(fileURL: url, pollInterval: nil)
            try Data(#"{"f": {"v": {"Valeu": 1}}}"#.utf8).write(to: url)
            let readsBefore = provider.fileReads.withLock { $0 }
            // What each poll does: every reload reports the problem, the file is read once.
            for _ in 0..<5 {
                #expect(throws: TweakLoadError.self) { try provider.reload() }
            }
            #expect(provider.fileReads.withLock { $0 } == readsBefore + 1)
            #expect(provider.lastError is TweakLoadError)

            // Once fixed (a new version), it is read again and the problem is gone.
            try Data(#"{"f": {"v": {"Value": 1}}}"#.utf8).write(to: url)
            try provider.reload()
            #expect(provider.fileReads.withLock { $0 } == readsBefore + 2)
            #expect(provider.lastError == nil)
            #expect(try provider.tweak(for: TweakKey(feature: "f", variable: "v"))?.value == .int(1))
        }
    }

    @Test func aWriteDoesNotWaitForAPollsRead() throws {
        try TemporaryDirectory.with { directory in
            let url = directory.url.appendingPathComponent("overrides.json")
            let provider = try OverridesFileTweakProvider(fileURL: url, pollInterval: nil)
            // Another process changes the file: the next reload reads it.
            try Data(#"{"other": {"process": {"Value": 1}}}"#.utf8).write(to: url)

            // The reload's read is held until the write below has returned; were the write to
            // wait for that read, the hold would end only at the guard (a minute) and say so.
            let readStarted = DispatchSemaphore(value: 0)
            let writeReturned = DispatchSemaphore(value: 0)
            let reloadReturned = DispatchSemaphore(value: 0)
            let isFirstRead = Locked(true)
            let heldUntilWrite = Locked<Bool?>(nil)
            provider.readWillStart.withLock {
                $0 = {
                    guard
                        isFirstRead.withLock({ first in
                            defer { first = false }; return first
                        })
                    else { return }
                    readStarted.signal()
                    let returned = writeReturned.wait(timeout: .now() + 60) == .success
                    heldUntilWrite.withLock { $0 = returned }
                }
            }
            let reload = Thread {
                try? provider.reload()
                reloadReturned.signal()
            }
            reload.start()
            #expect(readStarted.wait(timeout: .now() + 60) == .success)
            try provider.set(.int(2), feature: "app", variable: "value")
            writeReturned.signal()
            #expect(reloadReturned.wait(timeout: .now() + 120) == .success)
            #expect(heldUntilWrite.withLock { $0 } == true, "the write waited for the read")

            // Both the other process's change and the write are kept.
            #expect(try provider.tweak(for: TweakKey(feature: "other", variable: "process"))?.value == .int(1))
            #expect(try provider.tweak(for: TweakKey(feature: "app", variable: "value"))?.value == .int(2))
            let reread = try OverridesFileTweakProvider(fileURL: url, pollInterval: nil)
            #expect(reread.knownTweaks.count == 2)
        }
    }

    /// The peak of this process's resident memory (`VmHWM` in `/proc/self/status`), so that
    /// memory taken and given back during a call still counts; `nil` where there is none (not
    /// Linux).
    static func peakResidentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        let kilobytes = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Int($0) }
        return kilobytes.map { $0 * 1024 }
    }
}

/// A mutable provider that does not write batches itself gets one from its single changes.
@Suite("Batches on any mutable provider")
struct DefaultBatchTests {
    @Test func theDefaultBatchSetsEachValueAndRemovesTheOthers() throws {
        let provider = EphemeralTweakProvider()
        provider.set(.int(1), feature: "old", variable: "value")
        let values: [TweakKey: TweakValue] = [
            TweakKey(feature: "a", variable: "x"): .bool(true), TweakKey(feature: "b", variable: "y"): "text",
        ]
        try provider.setValues(values, removingOthers: false)
        #expect(provider.knownTweaks.count == 3)
        try provider.setValues(values, removingOthers: true)
        #expect(
            Set(provider.knownTweaks.map { TweakKey(feature: $0.feature, variable: $0.variable) }) == Set(values.keys))
        #expect(provider.tweak(for: TweakKey(feature: "b", variable: "y"))?.value == "text")
    }
}
