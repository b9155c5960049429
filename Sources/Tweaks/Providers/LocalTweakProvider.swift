public import Foundation

/// A read-only provider of the tweaks in a local file, usually the app's defaults of last resort.
///
/// A tweaks file (``TweakDocumentFormat/tweaks``, JSON) maps features to variables to entries
/// with a `Value` and optional `Title`, `Description`, `Group`, `GeneratedPropertyName` and
/// `Encrypted` fields, and the lifecycle fields (`Owner`, `Kind`, `Created`, `Expires`; see
/// `LocalTweaks_example.json`), which it declares with its values' types (``declarations``). The provider also reads a Firebase server template or Firebase's
/// defaults plist when told so (see ``TweakDocumentFormat``). The document is checked strictly
/// when the provider is created: any problem throws a ``TweakLoadError`` naming the file, line,
/// column (JSON only) and tweak. Entries marked `Encrypted` are returned through
/// ``decryptionClosure``.
public final class LocalTweakProvider: TweakProvider, TweakChannelOwner {
    /// Where the provider's changes and events reach its managers (see ``TweakChannelOwner``).
    package let channel = TweakProviderChannel()
    /// The name shown as the source of the provider's tweaks.
    public let name: String

    /// Every feature of the file, with its variable names sorted.
    public let features: [String: [String]]
    /// The format the file is read in.
    package let format: TweakDocumentFormat

    private let definitions: [TweakKey: LocalTweakDefinition]
    /// The tweaks of ``definitions``, which every lookup reads (see ``TweakKeyTable``).
    private let tweaks: TweakKeyTable<Tweak>
    /// Apart from ``definitions``, which every lookup reads.
    private let lifecycles: [TweakKey: TweakLifecycle]
    private let decryption = Locked<DecryptionClosure?>(nil)

    /// A provider of the tweaks in the file at `jsonURL`, a file URL, read as a document of
    /// `format`.
    ///
    /// Without `format`, the file's name decides, and nothing else: a name ending in `.plist` (in
    /// any case) is a ``TweakDocumentFormat/firebaseDefaultsPlist``, any other a
    /// ``TweakDocumentFormat/tweaks`` file, whatever its feature names. A Firebase server template
    /// loads only with `format: .firebaseTemplate`.
    ///
    /// - Throws: ``TweakLoadError`` whose source is the file's path (`cannot be read: …` when the
    ///   file cannot be read), or the first problem found in its contents
    ///   (``TweakLoadError/Reason/otherFormat(_:)`` when a tweaks file fails and is recognisably
    ///   a template or a property list).
    public convenience init(
        jsonURL: URL, name: String = "LocalTweakProvider", format: TweakDocumentFormat? = nil
    ) throws(TweakLoadError) {
        let path = jsonURL.isFileURL ? jsonURL.path : jsonURL.absoluteString
        let data: Data
        do {
            data = try Data(contentsOf: jsonURL, options: .mappedIfSafe)
        } catch {
            throw TweakLoadError(source: path, reason: .unreadable(error.localizedDescription))
        }
        try self.init(data: data, source: path, name: name, format: format ?? .ofFile(jsonURL))
    }

    /// A provider of the tweaks in the document `data`, of `format` (a tweaks document unless
    /// told otherwise); `source` names it in errors.
    ///
    /// - Throws: ``TweakLoadError`` for the first problem found in the document.
    public init(
        data: Data, source: String = "<data>", name: String = "LocalTweakProvider",
        format: TweakDocumentFormat = .tweaks
    ) throws(TweakLoadError) {
        self.name = name
        self.format = format
        let document = try LocalTweaksDocument(data: data, source: source, tweakSource: name, format: format)
        definitions = document.definitions
        tweaks = TweakKeyTable(document.definitions.mapValues(\.tweak))
        features = document.features
        lifecycles = document.lifecycles
    }

    /// Decrypts the values of entries marked `Encrypted`; read only when such an entry is asked for.
    public var decryptionClosure: DecryptionClosure? {
        get { decryption.withLock { $0 } }
        set { decryption.withLock { $0 = newValue } }
    }

    /// The tweak, decrypted through ``decryptionClosure`` when it is marked encrypted, or `nil`
    /// when the file does not have it.
    ///
    /// - Throws: ``TweakError/decryptionClosureNotProvided(feature:variable:)`` for an encrypted
    ///   tweak when no closure is set, or what the closure throws.
    public func tweak(for key: TweakKey) throws -> Tweak? {
        guard let tweak = tweaks[key] else { return nil }
        guard tweak.isEncrypted else { return tweak }
        return try tweak.decrypted(using: decryptionClosure)
    }

    /// The tweak, as ``tweak(for:)-(TweakKey)`` gives it; untyped text (a `<string>` of Firebase's
    /// defaults plist) is read as the type the asking manager declares
    /// (``TweakRequest/declaredType``, by ``TweakValue/init(remoteString:as:)``).
    ///
    /// - Throws: ``TweakError/notSupported(feature:variable:reason:)`` when untyped text cannot be
    ///   read as the declared type (the lookup passes it over, logged, and the next layer answers),
    ///   or what ``tweak(for:)-(TweakKey)`` throws.
    public func tweak(for request: TweakRequest) throws -> Tweak? {
        guard let tweak = try tweak(for: request.key) else { return nil }
        guard tweak.isUntypedText, case .string(let text) = tweak.value,
            let declaredType = request.declaredType, declaredType.kind != .string
        else { return tweak }
        do {
            return tweak.with(value: try TweakValue(remoteString: text, as: declaredType.kind))
        } catch {
            throw TweakError.notSupported(
                feature: tweak.feature, variable: tweak.variable, reason: "\(error) (declared \(declaredType))")
        }
    }

    /// Every tweak of the file, encrypted values still encrypted.
    public var knownTweaks: [Tweak] {
        definitions.values.map(\.tweak)
    }

    /// Every tweak of the file declared: its value's type (none for an encrypted entry, whose
    /// stored text is not its type, nor for untyped text, which another layer types), its lifecycle, title, description and group.
    public var declarations: [TweakDeclaration] {
        definitions.map { key, definition in
            let tweak = definition.tweak
            return TweakDeclaration(
                feature: key.feature, variable: key.variable,
                type: tweak.isEncrypted || tweak.isUntypedText ? nil : TweakType(of: tweak.value),
                lifecycle: lifecycles[key] ?? TweakLifecycle(), title: tweak.title, description: tweak.desc,
                group: tweak.group, declaredBy: name)
        }
    }

    /// The tweak's `Owner`, `Kind`, `Created` and `Expires`, or `nil` when the file does not have
    /// the tweak (a tweak without them has an empty lifecycle).
    func lifecycle(feature: String, variable: String) -> TweakLifecycle? {
        let key = TweakKey(feature: feature, variable: variable)
        guard definitions[key] != nil else { return nil }
        return lifecycles[key] ?? TweakLifecycle()
    }

    /// The `GeneratedPropertyName` of the tweak, when the file gives one.
    func generatedPropertyName(feature: String, variable: String) -> String? {
        definitions[TweakKey(feature: feature, variable: variable)]?.generatedPropertyName
    }

    /// Every tweak of the file with its file-only metadata, for the code generator.
    var localDefinitions: [LocalTweakDefinition] {
        Array(definitions.values)
    }
}
