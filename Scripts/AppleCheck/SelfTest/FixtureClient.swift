// apple-check self-test client: reflects the fixture's typed-throws stored closure, as an app
// printing a value that holds one would.
import TypedThrowsFixture

public func reflect() {
    let s = S<String> { (n: Int) throws(E) -> String in String(n) }
    print(s)
    _ = String(describing: s)
}
