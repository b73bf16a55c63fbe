import Foundation
import PackagePlugin

/// Generates `ControlAPIDocument.text` for the target it is applied to (MockAPICore) from
/// docs/control-api.openapi.json, the control API's OpenAPI document, so the server embeds the file as it is and no
/// copy of it lives in Sources/. A build command: it runs when the document (or the script that writes the Swift)
/// changes.
@main
struct ControlAPIDocumentPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let package = context.package.directoryURL
        let document = package.appending(path: "docs/control-api.openapi.json")
        let script = package.appending(path: "scripts/lib/control-api-document.sh")
        let output = context.pluginWorkDirectoryURL.appending(path: "ControlAPIDocument+Text.swift")
        return [
            .buildCommand(
                displayName: "Embedding docs/control-api.openapi.json in \(target.name)",
                executable: URL(filePath: "/bin/sh"),
                arguments: [script.path(percentEncoded: false), document.path(percentEncoded: false),
                            output.path(percentEncoded: false)],
                inputFiles: [document, script],
                outputFiles: [output])
        ]
    }
}
