import Foundation
import Tweaks
import TweaksRemote

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Usage: RealtimeLatency DOCUMENT_ROOT PORT PROVIDERS PUBLISHES [MAXIMUM_DELAY [PUBLISH_PORT]]
// A server (nginx + nchan, started by Scripts/realtime-latency or Scripts/scale-out-latency) serves
// DOCUMENT_ROOT/tweaks.json, publishes on POST /pub/tweaks (of PUBLISH_PORT, default PORT: another
// node sharing the channel through Redis) and streams on /sub/tweaks. PROVIDERS providers listen to the
// stream, with a random fetch delay in 0...MAXIMUM_DELAY seconds (default 0); each round writes a new document, publishes, and records how long
// each provider took until its `updates` delivered the new value.

let arguments = CommandLine.arguments
guard (5...7).contains(arguments.count), let port = Int(arguments[2]), let count = Int(arguments[3]),
    let publishes = Int(arguments[4]), let maximumDelay = Double(arguments.count >= 6 ? arguments[5] : "0"),
    let publishPort = Int(arguments.count == 7 ? arguments[6] : arguments[2])
else {
    FileHandle.standardError.write(
        Data("usage: RealtimeLatency DOCUMENT_ROOT PORT PROVIDERS PUBLISHES [MAXIMUM_DELAY [PUBLISH_PORT]]\n".utf8))
    exit(2)
}
let document = URL(fileURLWithPath: arguments[1]).appendingPathComponent("tweaks.json")
let base = "http://127.0.0.1:\(port)"

/// Writes round `round`'s document; consecutive documents differ in size (the number has a fixed
/// width, one space more in odd rounds), so that nginx's entity tag (modification second and size)
/// changes even within one second.
func write(round: Int) throws {
    let number = String(repeating: " ", count: max(0, 8 - String(round).count)) + String(round)
    let padding = String(repeating: " ", count: round % 2)
    try Data(#"{"bench": {"round": \#(number)}}\#(padding)"#.utf8).write(to: document, options: .atomic)
}

func publish(_ text: String) async throws {
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(publishPort)/pub/tweaks")!)
    request.httpMethod = "POST"
    request.httpBody = Data(text.utf8)
    _ = try await URLSession.shared.data(for: request)
}

/// When each provider saw each round's value, by round.
let seen = Locked([Int: [Double]]())
let clock = { ProcessInfo.processInfo.systemUptime }

try write(round: 0)
var providers: [RemoteTweakProvider] = []
var listeners: [Task<Void, Never>] = []
for _ in 0..<count {
    let provider = RemoteTweakProvider(
        source: try HTTPRemoteTweakSource(url: URL(string: "\(base)/tweaks.json")!), cacheURL: nil)
    let updates = provider.updates
    listeners.append(
        Task { [provider] in
            for await _ in updates {
                guard
                    case .int(let round)? = try? provider.tweak(for: TweakKey(feature: "bench", variable: "round"))?
                        .value
                else { continue }
                let now = clock()
                seen.withLock { $0[round, default: []].append(now) }
            }
        })
    provider.startEventStream(
        try RemoteEventStreamConfiguration(url: URL(string: "\(base)/sub/tweaks")!, fetchDelay: 0...maximumDelay))
    providers.append(provider)
}

// Every stream open and every provider at round 0.
let start = Date()
while providers.contains(where: { !$0.isEventStreamConnected }) || seen.withLock({ $0[0]?.count ?? 0 }) < count {
    if Date().timeIntervalSince(start) > 300 {
        FileHandle.standardError.write(Data("the providers did not connect within 300 s\n".utf8))
        exit(1)
    }
    try await Task.sleep(nanoseconds: 10_000_000)
}

var latencies: [Double] = []
var missed = 0
for round in 1...publishes {
    try write(round: round)
    let published = clock()
    try await publish("\(round)")
    let deadline = published + 30
    while seen.withLock({ $0[round]?.count ?? 0 }) < count, clock() < deadline {
        try await Task.sleep(nanoseconds: 1_000_000)
    }
    let times = seen.withLock { $0[round] ?? [] }
    missed += count - times.count
    latencies += times.map { $0 - published }
    try await Task.sleep(nanoseconds: 20_000_000)
}

latencies.sort()
let sorted = latencies
func percentile(_ p: Double) -> Double {
    sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}
print(
    String(
        format:
            "providers %d, fetch delay 0...%.1f s, publish port %d, publishes %d, samples %d, missed %d: p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms",
        count, maximumDelay, publishPort, publishes, latencies.count, missed, percentile(0.5) * 1000,
        percentile(0.9) * 1000,
        percentile(0.99) * 1000, (latencies.last ?? .nan) * 1000))
for provider in providers { provider.stopEventStream() }
for listener in listeners { listener.cancel() }
