#if canImport(SwiftUI) && (os(iOS) || os(macOS))
    import SwiftUI
    import TweaksEditor
    import Tweaks

    /// One row of the list: title, answer and answering layer, badges; read by VoiceOver as one
    /// element naming the tweak and its value.
    struct TweakRowView: View {
        let row: TweakEditorRow

        var body: some View {
            VStack(alignment: .leading) {
                HStack {
                    Text(row.title).font(.body)
                    Spacer()
                    Text(row.displayValue).font(.body).foregroundColor(row.isOverridden ? .accentColor : .secondary)
                }
                HStack {
                    Text(row.evaluation.layer ?? "no layer").font(.caption).foregroundColor(.secondary)
                    if row.isOverridden { badge("overridden", .accentColor) }
                    if row.isTargeted { badge("targeted", .purple) }
                    if row.isExpired { badge("expired", .red) } else if row.isStale { badge("stale", .orange) }
                    if row.hasMismatch { badge("mismatch", .red) }
                }
                if let preview = row.preview {
                    Text("Preview: \(preview.tweak.map(\.quotedDisplayValue) ?? "no value")")
                        .font(.caption).foregroundColor(.secondary)
                }
            }
            .accessibilityElement(children: .combine)
            .accessibilityLabel(row.accessibilityLabel)
        }

        private func badge(_ text: String, _ color: Color) -> some View {
            Text(text).font(.caption2).foregroundColor(color)
        }
    }
#endif
