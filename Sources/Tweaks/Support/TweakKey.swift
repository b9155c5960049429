/// The identity of a tweak: its feature and variable. Variables are always scoped by feature, so
/// `a.enabled` and `b.enabled` never collide.
struct TweakKey: Hashable, Sendable {
    let feature: String
    let variable: String
}
