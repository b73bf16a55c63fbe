"""Reads `swift package dump-package` JSON on stdin; reports imports of package targets a target does not declare."""
import json
import os
import re
import sys

# `import X`, `@testable import X`, `internal import X`, `@_exported import X`, `import struct X.Y`, …
IMPORT = re.compile(
    r"^\s*(?:@[\w()]+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
    r"(?:(?:struct|class|enum|protocol|typealias|func|let|var)\s+)?(\w+)"
)


def target_folder(root, target):
    if target.get("path"):
        return os.path.join(root, target["path"])
    parent = "Tests" if target["type"] == "test" else ("Plugins" if target["type"] == "plugin" else "Sources")
    return os.path.join(root, parent, target["name"])


def declared(target):
    names = set()
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target"):
            if kind in dependency:
                names.add(dependency[kind][0])
    return names


def main():
    root = sys.argv[1]
    manifest = json.load(sys.stdin)
    targets = [t for t in manifest["targets"] if t["type"] != "plugin"]
    modules = {t["name"] for t in targets}
    problems = []
    for target in targets:
        allowed = declared(target) | {target["name"]}
        for folder, _, files in os.walk(target_folder(root, target)):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as source:
                    for number, line in enumerate(source, 1):
                        match = IMPORT.match(line)
                        if match and match.group(1) in modules and match.group(1) not in allowed:
                            relative = os.path.relpath(path, root)
                            problems.append(f"{relative}:{number}: imports {match.group(1)}, "
                                            f"which {target['name']} does not declare in Package.swift")
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} undeclared import(s) of package targets", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
