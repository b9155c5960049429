import Testing
@testable import Tweaks
