import MockAPICore
import Testing
import TestSupport

/// The built `mockapi` ends with the exit status its commands promise (for scripts and CI).
struct BinaryTests {
    @Test func exitStatuses() throws {
        let folder = TemporaryFolder()
        try LintTests.seeded().save(to: folder.path + "/seeded.json")
        try Array("interactions: [\n".utf8).write(to: folder.path + "/broken.yaml")

        #expect(try Binary.run(["lint", try Inputs.fixtures], in: folder.path).status == 0)
        let findings = try Binary.run(["lint", folder.path + "/seeded.json"], in: folder.path)
        #expect(findings.status == 1)
        #expect(findings.stdout.hasSuffix("mockapi lint: 6 findings in 1 of 1 cassette\n"))
        let broken = try Binary.run(["import", folder.path + "/broken.yaml", "--to", folder.path + "/x.json"], in: folder.path)
        #expect(broken.status == 2)
        #expect(broken.stderr.hasPrefix("mockapi: error: \(folder.path)/broken.yaml: line 2, column 1: not valid YAML: "))
        #expect(try Binary.run(["scrub", folder.path + "/seeded.json"], in: folder.path).status == 0)
        #expect(try Binary.run(["lint", folder.path + "/seeded.json"], in: folder.path).stdout.hasSuffix("2 findings in 1 of 1 cassette\n"))
    }
}
