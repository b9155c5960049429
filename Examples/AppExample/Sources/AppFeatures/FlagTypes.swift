/// How the checkout button is drawn (`checkout.button_style`), stored as its raw value.
public enum CheckoutButtonStyle: String, Sendable, CaseIterable {
    /// The platform's default button.
    case standard
    /// A large, filled button.
    case prominent
}

/// The promotion banner (`promotions.banner`), stored as a JSON object.
public struct PromoBanner: Codable, Sendable, Hashable {
    /// The banner's headline.
    public var title: String
    /// The text under the headline.
    public var message: String
    /// The promotion code to copy, if any.
    public var code: String?

    /// A banner with the given texts.
    public init(title: String, message: String, code: String? = nil) {
        self.title = title
        self.message = message
        self.code = code
    }
}
