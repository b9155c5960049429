import Foundation

/// The input's text cut at NUL bytes into `count` parts (missing ones empty).
private func parts(of data: Data, count: Int) -> [String] {
    var parts = data.split(separator: 0, maxSplits: count - 1, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    while parts.count < count { parts.append("") }
    return parts
}

/// Python's `str.splitlines()` boundaries: the widest set a common JSON-lines reader splits on.
private let lineBoundaries: Set<UInt32> = [0x0A, 0x0D, 0x0B, 0x0C, 0x1C, 0x1D, 0x1E, 0x85, 0x2028, 0x2029]

/// The "Experiment Viewed" line: any names, any date. It must be one line for every reader, parse
/// as JSON, and give back every name.
func fuzzExposureLine(_ data: Data) {
    let names = parts(of: data.dropFirst(min(8, data.count)), count: 5)
    let seconds = data.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    let date = Date(timeIntervalSince1970: Double(bitPattern: seconds))
    let exposure = TweakExposure(
        key: TweakKey(feature: names[0], variable: names[1]), value: .string(names[2]), variant: names[3],
        experiment: names[4], randomizationID: names[0], layer: names[1], reason: .split, date: date)
    let line = exposure.experimentViewedJSONLine
    if line.unicodeScalars.contains(where: { lineBoundaries.contains($0.value) }) {
        fatalError("an exposure line holds a line boundary: \(line.debugDescription)")
    }
    guard let node = try? JSONParser.parse(Array(line.utf8), source: "fuzz"),
        case .json(.object(let members))? = node.tweakValue,
        case .object(let properties)? = members["properties"]
    else { fatalError("an exposure line is not a JSON object: \(line.debugDescription)") }
    let expected: [(TweakJSON?, String)] = [
        (members["userId"], names[0]), (properties["layer"], names[1]), (properties["value"], names[2]),
        (properties["variation_id"], names[3]), (properties["experiment_id"], names[4]),
        (properties["feature"], "\(names[0]).\(names[1])"),
    ]
    for (read, written) in expected where read != .string(written) {
        fatalError("an exposure line reads back \(String(describing: read)), not \(written.debugDescription)")
    }
    switch members["timestamp"] {
    case .string?: guard !date.timeIntervalSince1970.isNaN else { fatalError("NaN date written as a timestamp") }
    case .null?: guard date.timeIntervalSince1970.isNaN else { fatalError("a date written as null: \(date)") }
    default: fatalError("no timestamp in \(line.debugDescription)")
    }
}

/// Deep links: the input as a link never crashes the reader; as a feature, variable and value
/// (NUL-separated) the link the editor writes reads back as the same item.
func fuzzDeepLink(_ data: Data) {
    let text = String(decoding: data, as: UTF8.self)
    if let url = URL(string: text) { _ = try? TweakDeepLink(url: url, scheme: "myapp") }

    let fields = parts(of: data, count: 4)
    let isReset = fields[3].hasPrefix("r")
    let assignment = TweakDeepLink.Assignment(
        key: TweakKey(feature: fields[0], variable: fields[1]), value: isReset ? nil : fields[2])
    guard let link = TweakDeepLink(assignments: [assignment]) else { fatalError("no link of one item") }
    let written = link.url(scheme: "myapp")
    guard let url = URL(string: written) else { fatalError("the written link is not a URL: \(written)") }
    do {
        let read = try TweakDeepLink(url: url, scheme: "myapp")
        guard read.assignments == [assignment] else {
            fatalError("\(written) reads back as \(read.assignments), not \(assignment)")
        }
    } catch {
        guard written.utf8.count > TweakDeepLink.maximumLength else { fatalError("\(written) refused: \(error)") }
    }
}

/// The Firebase defaults property list: any bytes never crash the loader; a parameter name from
/// the input, in an XML and a binary list, loads as one tweak or is refused with an error.
func fuzzFirebaseDefaultsPlist(_ data: Data) {
    _ = try? FirebaseDefaultsPlist.tweaks(in: Array(data), source: "fuzz", tweakSource: nil)

    let name = String(decoding: data.prefix(4096), as: UTF8.self)
    let escaped = name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
    let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict><key>\(escaped)</key><string>value</string></dict></plist>
        """
    var lists = [Array(xml.utf8)]
    if let binary = try? PropertyListSerialization.data(fromPropertyList: [name: "value"], format: .binary, options: 0)
    {
        lists.append(Array(binary))
    }
    for list in lists {
        guard let tweaks = try? FirebaseDefaultsPlist.tweaks(in: list, source: "fuzz", tweakSource: nil) else {
            continue
        }
        guard tweaks.count == 1, tweaks.values.first?.value == .string("value") else {
            fatalError("one parameter \(name.debugDescription) loaded as \(tweaks)")
        }
    }
}
