import MockAPICore
import MockAPIJSON

/// Brings HAR files, VCR/vcrpy/go-vcr and Betamax cassettes, nock recordings and WireMock stub mappings in as one
/// mockapi cassette (`mockapi import`): every file
/// is read and checked before anything is produced, interactions keep file order (files in the order given), secrets
/// are scrubbed with the given rules, and the result is checked the way `mockapi serve` loads a cassette. Nothing is
/// written here: the caller saves ``ImportResult/cassette`` (atomically, with ``Cassette/save(to:)``).
package struct CassetteImporter: Sendable {
    package let rules: RedactionRules
    /// nil: decide per file from its content.
    package let format: InteropFormat?
    /// The cassette's `source` line; nil: `imported by mockapi import from FILE (FORMAT)`.
    package let source: String?

    package init(rules: RedactionRules = .standard, format: InteropFormat? = nil, source: String? = nil) {
        self.rules = rules
        self.format = format
        self.source = source
    }

    /// Imports files into one cassette. `output` names the cassette in errors about the result.
    package func importFiles(_ files: [String], output: String) throws(InteropError) -> ImportResult {
        var contents: [(file: String, bytes: [UInt8])] = []
        for file in files {
            do { contents.append((file, try FileIO.read(file))) } catch { throw .unreadable(file: file, reason: error.description) }
        }
        return try importContents(contents, output: output)
    }

    /// Imports the contents of files already read into one cassette; `file` names each in errors.
    package func importContents(_ contents: [(file: String, bytes: [UInt8])], output: String) throws(InteropError) -> ImportResult {
        var result = ImportResult()
        var interactions: [Interaction] = []
        for (file, bytes) in contents {
            let read = try importBytes(bytes, file: file)
            interactions += read.interactions
            result.warnings += read.warnings
            result.inputs.append(ImportResult.Input(file: file, description: read.description, interactions: read.interactions.count))
        }
        var cassette = Cassette(source: source ?? ImportResult.source(result.inputs), interactions: interactions)
        result.redactions = Redactor(rules: rules).redact(&cassette)
        let bytes = cassette.fileBytes()
        let leaks = Redactor.leaks(of: result.redactions.secrets, in: bytes)
        guard leaks.isEmpty else {
            throw .cassette(.unwritable(file: output, reason: "scrubbed values would remain (\(leaks.joined(separator: ", "))); nothing was written"))
        }
        // The same checks `mockapi serve` makes, so an imported cassette always loads.
        do { result.cassette = try Cassette(bytes: bytes, file: output) } catch { throw .cassette(error) }
        return result
    }

    /// The interactions of one file's content.
    package func importBytes(_ bytes: [UInt8], file: String) throws(InteropError)
        -> (interactions: [Interaction], warnings: [ImportWarning], description: String)
    {
        switch try ParsedInput.parse(bytes, file: file, format: format) {
        case .har(let document):
            let read = try HARImporter(file: file).read(document)
            return (read.interactions, read.warnings, read.description)
        case .vcr(let node):
            let read = try VCRImporter(file: file).read(node)
            return (read.interactions, read.warnings, read.description)
        case .nock(let document):
            let read = try NockImporter(file: file).read(document)
            return (read.interactions, read.warnings, read.description)
        case .betamax(let document):
            let read = try BetamaxImporter(file: file).read(document)
            return (read.interactions, read.warnings, read.description)
        case .goVCR(let node):
            let read = try GoVCRImporter(file: file).read(node)
            return (read.interactions, read.warnings, read.description)
        case .wireMock(let document):
            let read = try WireMockImporter(file: file).read(document)
            return (read.interactions, read.warnings, read.description)
        }
    }
}

/// What an import produced and what it changed on the way.
package struct ImportResult: Sendable {
    package struct Input: Sendable, Equatable {
        package let file: String
        /// `HAR 1.2 by Firefox 120.0`, `vcrpy cassette (version 1)`
        package let description: String
        package let interactions: Int
    }

    package var cassette = Cassette()
    package var inputs: [Input] = []
    /// What was scrubbed, by place and rule (never the values).
    package var redactions = RedactionReport()
    package var warnings: [ImportWarning] = []

    /// The cassette's one line of provenance: `imported by mockapi import from session.har (HAR 1.2 by Firefox 120.0)`.
    static func source(_ inputs: [Input]) -> String {
        "imported by mockapi import from "
            + inputs.map { "\(FileIO.basename(of: $0.file)) (\($0.description))" }.joined(separator: ", ")
    }
}
