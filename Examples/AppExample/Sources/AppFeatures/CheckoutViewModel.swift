import Foundation
import Observation
import Tweaks

/// One line of the cart.
public struct CartItem: Sendable, Hashable, Identifiable {
    /// The product's identifier.
    public let id: String
    /// The product's name.
    public let name: String
    /// The price of one unit.
    public let price: Double
    /// How many units are in the cart.
    public var quantity: Int

    /// A cart line of `quantity` units of a product.
    public init(id: String, name: String, price: Double, quantity: Int = 1) {
        self.id = id
        self.name = name
        self.price = price
        self.quantity = quantity
    }
}

/// The checkout screen's state, as a SwiftUI view would observe it.
///
/// The flags are read into stored properties when the model is made and by ``reloadFlags()``, so
/// that a screen never changes halfway through a render; ``followFlagChanges()`` reloads them after
/// every change of a flag.
@MainActor @Observable
public final class CheckoutViewModel {
    /// The cart's lines.
    public private(set) var items: [CartItem]
    /// Whether the express pay button is shown.
    public private(set) var showsExpressPay = false
    /// How the checkout button is drawn.
    public private(set) var buttonStyle = CheckoutButtonStyle.standard
    /// The promotion banner, when promotions are on.
    public private(set) var banner: PromoBanner?
    /// The most of one item the cart may hold; `nil` for no limit.
    public private(set) var maxQuantity: Int?
    /// The total from which shipping is free.
    public private(set) var freeShippingThreshold = 0.0

    /// The checkout flags, read through property wrappers.
    private let settings: CheckoutSettings
    /// All the app's flags, read through the accessor generated from `AppTweaks.tweaks.json`.
    private let tweaks: AppTweaks

    /// A model of the checkout of `items`, with the flags of `settings`.
    public init(items: [CartItem], settings: CheckoutSettings = CheckoutSettings()) {
        self.items = items
        self.settings = settings
        tweaks = AppTweaks(with: settings.tweakManager)
        reloadFlags()
    }

    /// The price of everything in the cart.
    public var total: Double {
        items.reduce(0) { $0 + $1.price * Double($1.quantity) }
    }

    /// The line under the total: free shipping, or how much more is needed for it.
    public var shippingNote: String {
        let missing = freeShippingThreshold - total
        return missing <= 0 ? "Free shipping" : String(format: "Add %.2f for free shipping", missing)
    }

    /// Whether one more unit of the item `id` may be added.
    public func canIncreaseQuantity(of id: CartItem.ID) -> Bool {
        guard let item = items.first(where: { $0.id == id }) else { return false }
        return maxQuantity.map { item.quantity < $0 } ?? true
    }

    /// Adds one unit of the item `id`, unless ``maxQuantity`` is reached.
    public func increaseQuantity(of id: CartItem.ID) {
        guard canIncreaseQuantity(of: id), let index = items.firstIndex(where: { $0.id == id }) else { return }
        items[index].quantity += 1
    }

    /// Reads the flags again.
    public func reloadFlags() {
        showsExpressPay = settings.isExpressPayEnabled
        buttonStyle = settings.buttonStyle
        banner = settings.arePromotionsEnabled ? settings.promoBanner : nil
        maxQuantity = settings.maxQuantity
        freeShippingThreshold = tweaks.freeShippingThreshold
    }

    /// Reloads the flags after every change of a provider's flag, until the task is cancelled:
    /// run it from the view's `.task { await model.followFlagChanges() }`.
    ///
    /// Per-test overrides (`TweaksTesting`) change no provider: a model sees them when it is made.
    public func followFlagChanges() async {
        let changes = settings.tweakManager.changes  // Subscribe first,
        reloadFlags()  // then catch up with the changes made since the last reload.
        for await _ in changes {
            reloadFlags()
        }
    }
}
