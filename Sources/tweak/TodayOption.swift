import Foundation
import Tweaks

extension TweakDay {
    /// `--today YYYY-MM-DD`: the day expiry is judged on, for reproducible runs; without it, today
    /// in the local time zone.
    static func option(_ arguments: CommandLineArguments) throws(CommandLineArguments.UsageError) -> TweakDay {
        guard let text = try arguments.value(of: "today") else { return TweakDay(Date()) }
        guard let day = TweakDay(text) else {
            throw CommandLineArguments.UsageError(description: "--today takes a date written YYYY-MM-DD, not '\(text)'")
        }
        return day
    }
}
