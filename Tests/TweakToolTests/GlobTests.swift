import Testing

@testable import tweak

/// `--exclude` patterns of `tweak audit`.
@Suite struct GlobTests {
    @Test func starCrossesFoldersAndQuestionMarkIsOneCharacter() {
        #expect(Glob.matches("*/Tests/*", "App/Tests/CheckoutTests.swift"))
        #expect(!Glob.matches("*/Tests/*", "Tests/CheckoutTests.swift"))
        #expect(Glob.matches("Tests/*", "Tests/Deep/CheckoutTests.swift"))
        #expect(Glob.matches("*Mock*.swift", "App/Fakes/MockProvider.swift"))
        #expect(!Glob.matches("*Mock*.swift", "App/Fakes/MockProvider.swiftx"))
        #expect(Glob.matches("File?.swift", "File1.swift") && !Glob.matches("File?.swift", "File12.swift"))
        #expect(Glob.matches("*", "") && !Glob.matches("a", ""))
        #expect(Glob.matches("a*b*c", "aXXbYYbZc") && !Glob.matches("a*b*c", "aXXbYYbZ"))
    }
}
