import ArgumentParser
import Foundation
import MockAPICore
import MockAPIInterop

extension MockAPI {
    /// `mockapi export`: cassettes out as a HAR file.
    package struct Export: AsyncParsableCommand {
        package static let configuration = CommandConfiguration(
            abstract: "Write cassettes as a HAR 1.2 file, for browser devtools and HAR viewers.",
            discussion: """
                Loads the cassettes (files, or folders searched for *.json, checked as `mockapi serve` checks them) \
                and writes all their interactions, in order, as one HAR 1.2 file: open it in the Network panel of \
                Chrome or Firefox devtools (Import HAR) or any HAR viewer to look at a recording. Each request's URL is \
                its upstream plus its path and query; text bodies are written as text, others as base64.

                `mockapi import` reads the file back to the same interactions: what HAR has no field for (a mount, a \
                missing upstream or date) is kept in a custom _mockapi field that other tools ignore. The file is \
                replaced atomically if it exists. When --to names a folder that exists, each cassette goes to a file \
                of its own there, named by its name (Fixtures/github → out/paginate-issues.har, …).

                Exit status: 0, or 2 when a cassette cannot be loaded or the file cannot be written.

                Examples:
                  mockapi export Fixtures/github/paginate-issues.json --to /tmp/paginate-issues.har
                  mockapi export Fixtures/qiita --format har --to qiita.har
                  One HAR file per cassette, in a folder: mockapi export Fixtures --to har/
                  Round trip: mockapi export a.json --to a.har && mockapi import a.har --to b.json
                """)

        @Argument(help: ArgumentHelp("Cassette files, or folders searched for *.json.", valueName: "cassette"), completion: .file())
        package var cassettes: [String] = []

        @Option(help: ArgumentHelp("Output format: har (the only one so far).", valueName: "format"))
        package var format = "har"

        @Option(
            help: ArgumentHelp("The file to write, or an existing folder to write one NAME.har per cassette into.", valueName: "path"),
            completion: .file(extensions: ["har"]))
        package var to: String?

        package init() {}

        package func validate() throws {
            guard !cassettes.isEmpty else { throw ValidationError("Name at least one cassette, for example: mockapi export Fixtures/x.json --to x.har") }
            guard format.lowercased() == "har" else { throw ValidationError("--format \(format): mockapi exports har only.") }
            guard let to, !to.isEmpty else { throw ValidationError("mockapi export needs --to, for example: --to out.har") }
        }

        package func run() async throws {
            try execute().emit()
        }

        /// Runs the export and returns what it prints and its exit status.
        package func execute() -> CommandOutput {
            var output = CommandOutput()
            let target = to ?? ""
            let loaded: [LoadedCassette]
            do { loaded = try CassetteLoader.load(cassettes) } catch {
                for problem in error.problems { output.errorLine("mockapi: error: \(problem)") }
                output.errorLine("mockapi: nothing was written")
                output.status = 2
                return output
            }
            var isFolder: ObjCBool = false
            let files: [(file: String, cassettes: [LoadedCassette])] =
                FileManager.default.fileExists(atPath: target, isDirectory: &isFolder) && isFolder.boolValue
                ? loaded.map { ((target.hasSuffix("/") ? target : target + "/") + $0.name + ".har", [$0]) }
                : [(target, loaded)]
            let exporter = HARExporter(creatorVersion: MockAPI.version)
            for (file, cassettes) in files {
                let interactions = cassettes.flatMap(\.cassette.interactions)
                do {
                    try FileIO.createFolder(FileIO.parent(of: file))
                    try FileIO.writeAtomically(exporter.fileBytes(interactions), to: file)
                } catch {
                    output.errorLine("mockapi: error: \(file): cannot write: \(error)")
                    output.status = 2
                    return output
                }
                output.line("mockapi: exported \(interactions.count.counted("interaction")) from "
                    + "\(cassettes.count.counted("cassette")) to \(file) (HAR 1.2)")
            }
            return output
        }
    }
}
