import Foundation
import TestSupport
import Testing

@testable import TweaksRemote

/// The EventSource parsing rules of the WHATWG HTML standard (§9.2.6), case by case, including
/// its own examples; and the size limit the rules do not have.
@Suite("Server-sent event parser")
struct ServerSentEventParserTests {
    /// Parses `text` in one chunk.
    private func events(_ text: String, limit: Int = 1024) throws -> [ServerSentEvent] {
        var parser = ServerSentEventParser(maximumEventSize: limit)
        return try parser.parse(Array(text.utf8))
    }

    private func message(_ data: String, type: String = "message", id: String = "") -> ServerSentEvent {
        ServerSentEvent(type: type, data: data, lastEventID: id)
    }

    @Test func dataLinesAreJoinedByLineFeeds() throws {
        // The standard's example: "YHOO\n+2\n10".
        #expect(try events("data: YHOO\ndata: +2\ndata: 10\n\n") == [message("YHOO\n+2\n10")])
    }

    @Test func anEmptyLineDispatchesAndAnUnfinishedEventIsNotDispatched() throws {
        #expect(try events("data: first\n\ndata: second\n") == [message("first")])
        #expect(try events("data: first") == [])
    }

    @Test func oneSpaceAfterTheColonIsDropped() throws {
        // The standard's example: both blocks dispatch "test".
        #expect(try events("data:test\n\ndata: test\n\n") == [message("test"), message("test")])
        #expect(try events("data:  two spaces\n\n") == [message(" two spaces")])
    }

    @Test func aFieldWithoutColonHasAnEmptyValue() throws {
        // The standard's example: "data\n\ndata\ndata\n\ndata:" gives "" then "\n"; the last is never dispatched.
        #expect(try events("data\n\ndata\ndata\n\ndata:") == [message(""), message("\n")])
    }

    @Test func commentsAreIgnored() throws {
        #expect(try events(": keep-alive\n\n:\n\ndata: x\n: between\n\n") == [message("x")])
    }

    @Test func eventTypeAppliesToOneEventOnly() throws {
        #expect(
            try events("event: add\ndata: 73857293\n\ndata: plain\n\n") == [
                message("73857293", type: "add"), message("plain"),
            ])
    }

    @Test func anEventWithoutDataIsNotDispatchedButItsIDCounts() throws {
        var parser = ServerSentEventParser(maximumEventSize: 1024)
        #expect(try parser.parse(Array("event: ping\nid: 7\n\n".utf8)) == [])
        #expect(parser.lastEventID == "7")
        #expect(try parser.parse(Array("data: x\n\n".utf8)) == [message("x", id: "7")], "the ID stays until replaced")
    }

    @Test func idIsKeptAcrossEventsAndAnEmptyIDClearsIt() throws {
        #expect(
            try events("id: 1\ndata: a\n\ndata: b\n\nid\ndata: c\n\n") == [
                message("a", id: "1"), message("b", id: "1"), message("c", id: ""),
            ])
    }

    @Test func anIDContainingNULIsIgnored() throws {
        #expect(
            try events("id: 1\ndata: a\n\nid: 2\u{0}x\ndata: b\n\n") == [message("a", id: "1"), message("b", id: "1")])
    }

    @Test func retryTakesOnlyASCIIDigits() throws {
        var parser = ServerSentEventParser(maximumEventSize: 1024)
        _ = try parser.parse(Array("retry: 2500\n".utf8))
        #expect(parser.reconnectionTime == 2500)
        for ignored in ["retry: 1.5\n", "retry: -1\n", "retry: 10s\n", "retry:\n", "retry: ٣\n"] {
            _ = try parser.parse(Array(ignored.utf8))
            #expect(parser.reconnectionTime == 2500, "\(ignored) is ignored")
        }
        _ = try parser.parse(Array("retry:0\n".utf8))
        #expect(parser.reconnectionTime == 0)
    }

    @Test func unknownFieldsAndCaseVariantsAreIgnored() throws {
        #expect(try events("Data: no\nfoo: bar\nDATA: no\ndata: yes\n\n") == [message("yes")])
    }

    @Test func carriageReturnLineFeedAndCarriageReturnEndLinesToo() throws {
        let expected = [message("a\nb"), message("c")]
        #expect(try events("data: a\r\ndata: b\r\n\r\ndata: c\r\n\r\n") == expected)
        #expect(try events("data: a\rdata: b\r\rdata: c\r\r") == expected)
        #expect(try events("data: a\ndata: b\r\n\rdata: c\n\r\n") == expected, "mixed")
    }

    @Test func everySplitOfTheStreamGivesTheSameEvents() throws {
        let stream = Array("\u{FEFF}id: 9\r\nevent: x\r\ndata: é\r\n\r\n: c\rdata: z\r\r".utf8)
        let expected = [message("é", type: "x", id: "9"), message("z", id: "9")]
        for split in 0...stream.count {
            var parser = ServerSentEventParser(maximumEventSize: 1024)
            let events = try parser.parse(stream[..<split]) + parser.parse(stream[split...])
            #expect(events == expected, "split at \(split)")
        }
        var parser = ServerSentEventParser(maximumEventSize: 1024)
        var byByte: [ServerSentEvent] = []
        for byte in stream { byByte += try parser.parse(CollectionOfOne(byte)) }
        #expect(byByte == expected, "one byte at a time")
    }

    @Test func aCRLFSplitBetweenChunksEndsOneLineOnly() throws {
        var parser = ServerSentEventParser(maximumEventSize: 1024)
        #expect(try parser.parse(Array("data: a\r".utf8)) == [])
        // The LF completes the CRLF; were it a line end of its own, it would dispatch "a" here.
        #expect(try parser.parse(Array("\ndata: b\r\n\r\n".utf8)) == [message("a\nb")])
    }

    @Test func aLeadingByteOrderMarkIsDroppedOnlyAtTheStart() throws {
        #expect(try events("\u{FEFF}data: a\n\n") == [message("a")])
        // A second BOM is part of the field name, which then is unknown.
        #expect(try events("\u{FEFF}\u{FEFF}data: a\n\n") == [])
        #expect(try events("data: a\n\n\u{FEFF}data: b\n\n") == [message("a")])
    }

    /// Found by fuzzing: the mark counted towards the size limit when the line came in one piece,
    /// and not when it came in chunks, so the same stream failed one way and not the other.
    @Test func aByteOrderMarkNeverCountsTowardsTheSizeLimitHoweverTheStreamIsCut() throws {
        let limit = 64
        for length in [limit, limit + 1] {
            let stream = [0xEF, 0xBB, 0xBF] + Array(repeating: UInt8(ascii: "x"), count: length) + [0x0A]
            var whole = ServerSentEventParser(maximumEventSize: limit)
            let wholeFails = (try? whole.parse(stream)) == nil
            #expect(wholeFails == (length > limit), "in one piece, a line of \(length)")
            for cut in 1..<stream.count {
                var chunked = ServerSentEventParser(maximumEventSize: limit)
                let fails = (try? chunked.parse(stream[..<cut])) == nil || (try? chunked.parse(stream[cut...])) == nil
                #expect(fails == wholeFails, "a line of \(length) cut at \(cut)")
            }
        }
    }

    @Test func invalidUTF8BecomesReplacementCharacters() throws {
        var parser = ServerSentEventParser(maximumEventSize: 1024)
        let bytes: [UInt8] = Array("data: a".utf8) + [0xFF, 0xC3] + Array("b\n\n".utf8)
        #expect(try parser.parse(bytes) == [message("a\u{FFFD}\u{FFFD}b")])
    }

    @Test func anEventOverTheLimitStopsTheParse() throws {
        let limit = 64
        #expect(try events("data: \(String(repeating: "x", count: 50))\n\n", limit: limit).count == 1)
        // Many small data lines add up.
        let manyLines = String(repeating: "data: 0123456789\n", count: 10) + "\n"
        #expect(throws: ServerSentEventParser.Failure.eventTooLarge(limit: limit)) {
            try events(manyLines, limit: limit)
        }
        // One endless line with no end: detected before the line ends.
        var parser = ServerSentEventParser(maximumEventSize: limit)
        _ = try parser.parse(Array("data: ".utf8))
        #expect(throws: ServerSentEventParser.Failure.eventTooLarge(limit: limit)) {
            for _ in 0..<10 { _ = try parser.parse(Array(repeating: UInt8(ascii: "x"), count: 10)) }
        }
        // Endless comments too.
        #expect(throws: ServerSentEventParser.Failure.eventTooLarge(limit: limit)) {
            try events(":" + String(repeating: "c", count: 100), limit: limit)
        }
    }

    @Test func randomBytesInRandomChunksGiveTheSameEventsAsInOneChunk() throws {
        // Garbage biased toward the bytes that matter (line ends, colons, field names), split at
        // random places: chunking never changes the outcome, and nothing traps.
        var generator = SplitMix64(seed: 17)
        let alphabet = Array("\r\n:data event id retry \u{FEFF}x\u{0}é".utf8) + [0xFF, 0xC3]
        for _ in 0..<200 {
            let length = Int(generator.next() % 300)
            let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            var whole = ServerSentEventParser(maximumEventSize: 1 << 20)
            let expected = try whole.parse(bytes)
            var chunked = ServerSentEventParser(maximumEventSize: 1 << 20)
            var events: [ServerSentEvent] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + 1 + Int(generator.next() % 20))
                events += try chunked.parse(bytes[start..<end])
                start = end
            }
            #expect(events == expected, "\(bytes)")
            #expect(chunked.lastEventID == whole.lastEventID && chunked.reconnectionTime == whole.reconnectionTime)
        }
    }

    @Test func startingOverForgetsTheHalfEventButKeepsIDAndRetry() throws {
        var parser = ServerSentEventParser(maximumEventSize: 1024)
        _ = try parser.parse(Array("retry: 100\nid: 5\ndata: a\n\ndata: half".utf8))
        parser.startOver()
        #expect(parser.lastEventID == "5" && parser.reconnectionTime == 100)
        #expect(try parser.parse(Array("\u{FEFF}data: b\n\n".utf8)) == [message("b", id: "5")])
    }
}
