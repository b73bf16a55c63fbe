#!/bin/sh
# Writes OUTPUT, a Swift file holding the OpenAPI document DOCUMENT as `ControlAPIDocument.text`: run at build time by
# Plugins/ControlAPIDocument (for MockAPICore), and by scripts/docs-openapi to check the document.
#   control-api-document.sh DOCUMENT OUTPUT
set -eu
document=$1
output=$2
# The document goes into a raw string literal as it is: it must end with a newline (the literal's closing line) and
# must not hold the literal's delimiter.
if [ -n "$(tail -c 1 "$document")" ]; then
    echo "$document: must end with a newline" >&2
    exit 1
fi
if grep -q '"""##' "$document"; then
    echo "$document: must not hold \"\"\"##" >&2
    exit 1
fi
{
    printf '%s\n\n' '// Generated at build time by Plugins/ControlAPIDocument from docs/control-api.openapi.json.'
    printf '%s\n' 'extension ControlAPIDocument {'
    printf '%s\n' '    /// docs/control-api.openapi.json without its last newline.'
    printf '%s\n' '    static let text = ##"""'
    cat "$document"
    printf '%s\n' '"""##' '}'
} > "$output.partial"
mv "$output.partial" "$output"
