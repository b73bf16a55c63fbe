#!/usr/bin/env python3
"""cassette_schema.py SCHEMA PATH…: checks every *.json cassette under the paths against the JSON Schema.

A cassette is a JSON file with a "mockapi" member (other JSON files are not cassettes and are skipped, as
`mockapi serve` skips them). Prints `file: path: reason` for each violation; exits 1 when there is any.
"""
import json
import os
import sys

import jsonschema


def files(paths):
    for path in paths:
        if os.path.isdir(path):
            for folder, _, names in sorted(os.walk(path)):
                for name in sorted(names):
                    if name.endswith(".json") and not name.startswith("."):
                        yield os.path.join(folder, name)
        else:
            yield path


def location(error):
    path = ""
    for part in error.absolute_path:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else part)
    return path or "(the whole file)"


def main(schema_path, paths):
    with open(schema_path, encoding="utf-8") as file:
        schema = json.load(file)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    checked, failures = 0, 0
    for path in files(paths):
        with open(path, encoding="utf-8") as file:
            document = json.load(file)
        if not isinstance(document, dict) or "mockapi" not in document:
            continue
        checked += 1
        for error in sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path))):
            failures += 1
            print(f"{path}: {location(error)}: {error.message[:300]}")
    print(f"cassette schema: {checked} cassettes checked against {schema_path}, "
          f"{failures} violations", file=sys.stderr)
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
