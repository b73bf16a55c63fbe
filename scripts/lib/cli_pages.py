#!/usr/bin/env python3
"""cli_pages.py MOCKAPI OUT_DIR: writes the command-line reference from the tool's own help text (scripts/docs-cli).

OUT_DIR/README.md lists the commands with their one-line abstracts (from `mockapi --help`); OUT_DIR/COMMAND.md holds
`mockapi help COMMAND`, verbatim in a text block, so nothing on the page can disagree with --help.
"""
import os
import re
import subprocess
import sys


def help_text(binary, *args):
    result = subprocess.run([binary, *args], capture_output=True, text=True, env=dict(os.environ, COLUMNS="100"))
    text = (result.stdout or result.stderr).rstrip() + "\n"
    if result.returncode != 0 or not text.strip():
        sys.exit(f"cli_pages: `mockapi {' '.join(args)}` exited {result.returncode}: {result.stderr.strip()[:300]}")
    return text


def subcommands(overview):
    """(name, abstract) for each line of the SUBCOMMANDS section of `mockapi --help`."""
    found, inside = [], False
    for line in overview.splitlines():
        if line.startswith("SUBCOMMANDS:"):
            inside = True
            continue
        if inside:
            if line and not line.startswith(" "):
                break
            match = re.match(r"^  (\S+)(?: \(default\))?\s{2,}(.*)$", line)
            if match:
                found.append([match.group(1), match.group(2).strip()])
            elif line.startswith("  " + " " * 4) and found:
                found[-1][1] += " " + line.strip()
    return [(name, abstract) for name, abstract in found if name != "help"]


def main(binary, out):
    overview = help_text(binary, "--help")
    commands = subcommands(overview)
    if not commands:
        sys.exit("cli_pages: no SUBCOMMANDS section in `mockapi --help`")
    header = "<!-- Written by scripts/docs-cli from the help text of `mockapi`; edit the commands, then run it. -->\n"
    index = [header + "\n# Command-line reference", "",
             "Each page is the help text of the command (`mockapi help COMMAND`, or `mockapi COMMAND --help`).", "",
             "| command | what it does |", "|---|---|"]
    for name, abstract in commands:
        index.append(f"| [`mockapi {name}`]({name}.md) | {abstract} |")
        page = help_text(binary, "help", name)
        with open(os.path.join(out, f"{name}.md"), "w", encoding="utf-8") as file:
            file.write(f"{header}# mockapi {name}\n\n{abstract}\n\n```text\n{page}```\n")
    index += ["", "`mockapi --help`:", "", "```text", overview.rstrip(), "```"]
    with open(os.path.join(out, "README.md"), "w", encoding="utf-8") as file:
        file.write("\n".join(index) + "\n")
    print(f"cli_pages: {len(commands)} command pages written to {out}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
