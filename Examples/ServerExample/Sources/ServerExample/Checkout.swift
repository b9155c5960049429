import Foundation
import Tweaks

/// An order, as a request to the service would carry it.
struct Order: Sendable {
    /// The order's number, from 1.
    let number: Int
    /// How many items are ordered.
    let itemCount: Int
    /// The price of one item, in cents.
    let unitPriceCents: Int
    /// The customer's identifier, stable across their orders.
    let customerID: String
    /// The customer's country, an ISO 3166 code such as `DE`.
    let country: String

    /// The `number`th simulated order: the sizes repeat every six orders, the customers every
    /// three.
    init(simulated number: Int) {
        let sizes = [3, 12, 5, 8, 2, 7]
        let customers = [("c-1001", "DE"), ("c-1002", "US"), ("c-1003", "FR")]
        self.number = number
        itemCount = sizes[(number - 1) % sizes.count]
        unitPriceCents = 1_500
        (customerID, country) = customers[(number - 1) % customers.count]
    }

    /// What the flags' targeting knows of the order: the customer as the randomization ID
    /// (flagd's `targetingKey`, which `fractional` buckets by), and the country as `country`.
    var context: TweakContext {
        TweakContext(randomizationID: customerID, attributes: ["country": .string(country)])
    }
}

/// What the service decided for one order.
enum Decision: Sendable, CustomStringConvertible {
    /// The order is accepted at `totalCents`, with the new pricing's discount if one applied;
    /// `pricedBy` says which layer decided the pricing, and why.
    case accepted(totalCents: Int, discountPercent: Int?, pricedBy: String)
    /// The order is turned away.
    case rejected(reason: String)

    /// The decision as the log shows it.
    var description: String {
        switch self {
        case .accepted(let total, nil, let pricedBy):
            "accepted, total \(Self.format(total)) (list price; \(pricedBy))"
        case .accepted(let total, let percent?, let pricedBy):
            "accepted, total \(Self.format(total)) (new pricing: \(percent) % off; \(pricedBy))"
        case .rejected(let reason):
            "rejected: \(reason)"
        }
    }

    /// `cents` written as an amount: `1234` is `12.34`.
    private static func format(_ cents: Int) -> String {
        String(format: "%d.%02d", cents / 100, cents % 100)
    }
}

/// Decides each order with the flags as they are when it arrives, as a request handler would.
///
/// Nothing is read at start-up and kept: every order reads the flags again, so a change made by
/// an operator applies from the next order on. Reads never touch the disk or the network.
struct CheckoutService: Sendable {
    /// The service's flags.
    let manager: TweakManager
    /// The most items an order may have. When the winning layer's value is not an `Int` (say, an
    /// override `"ten"`), the fallback value is used and the problem is logged through the
    /// manager's `logClosure`.
    @FallbackTweakProperty var maxItems: Int
    /// The discount of the new pricing, in percent.
    @FallbackTweakProperty var discountPercent: Int

    /// A service that reads its flags from `manager`.
    init(manager: TweakManager) {
        self.manager = manager
        _maxItems = FallbackTweakProperty(
            fallbackValue: 10, feature: "checkout", variable: "max_items", tweakManager: manager)
        _discountPercent = FallbackTweakProperty(
            fallbackValue: 0, feature: "new_pricing", variable: "discount_percent", tweakManager: manager)
    }

    /// The decision for `order`.
    func handle(_ order: Order) -> Decision {
        guard manager.isFeatureEnabled("checkout") else {
            return .rejected(reason: "checkout is switched off (checkout.enabled)")
        }
        let maxItems = maxItems
        guard order.itemCount <= maxItems else {
            return .rejected(reason: "more than \(maxItems) items (checkout.max_items)")
        }
        let subtotal = order.itemCount * order.unitPriceCents
        // Decided for this order's customer: the flagd file rolls the new pricing out by country
        // and to a share of customers. `evaluate` also tells which layer decided, and why.
        let pricing = manager.reading(for: order.context).evaluate(feature: "new_pricing", variable: "enabled")
        guard pricing.tweak?.boolValue == true else {
            return .accepted(totalCents: subtotal, discountPercent: nil, pricedBy: pricing.why)
        }
        let percent = min(max(discountPercent, 0), 100)
        return .accepted(
            totalCents: subtotal * (100 - percent) / 100, discountPercent: percent, pricedBy: pricing.why)
    }
}

extension TweakEvaluation {
    /// The answering layer and why it answered so, as the log shows it: `flagd: variant "on",
    /// SPLIT`, `environment: STATIC`.
    fileprivate var why: String {
        let variant = condition.map { "variant \"\($0)\", " } ?? ""
        return "\(layer ?? "no layer"): \(variant)\(reason)"
    }
}
