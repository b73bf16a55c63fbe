import Foundation
import PackagePlugin

/// Stamps VERSION and the commit into the target it is applied to (MockAPICLI), as `BuildInfo.version` and
/// `BuildInfo.commit`, for `mockapi --version`. A prebuild command, so it runs on every build and sees a new commit;
/// scripts/lib/build-info.sh rewrites the file only when its text changes.
@main
struct BuildInfoPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let package = context.package.directoryURL
        let outputs = context.pluginWorkDirectoryURL.appending(path: "Generated")
        return [
            .prebuildCommand(
                displayName: "Stamping VERSION and the commit into \(target.name)",
                executable: URL(filePath: "/bin/sh"),
                arguments: [
                    package.appending(path: "scripts/lib/build-info.sh").path(percentEncoded: false),
                    package.path(percentEncoded: false),
                    outputs.appending(path: "BuildInfo.swift").path(percentEncoded: false),
                ],
                outputFilesDirectory: outputs)
        ]
    }
}
