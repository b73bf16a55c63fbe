import ArgumentParser
import MockAPICore

/// `--volatile-header`, shared by `record`, `drift` and `diff`.
package struct VolatileHeaderOptions: ParsableArguments {
    @Option(
        name: .customLong("volatile-header"),
        help: ArgumentHelp(
            "A response header whose value changes with every request, besides the built-in ones (Date, request ids, "
                + "rate-limit counters…) and the cassette's volatileHeaders: a re-recording keeps an answer that differs "
                + "only in such headers exactly as recorded, and mockapi diff never reports them. Repeatable.",
            valueName: "name"))
    package var names: [String] = []

    package init() {}

    package func validate() throws {
        for name in names where name.isEmpty || !name.utf8.allSatisfy(HTTPSyntax.isTokenByte) {
            throw ValidationError("--volatile-header \(name): not a header name (letters, digits and !#$%&'*+-.^_`|~)")
        }
    }
}
