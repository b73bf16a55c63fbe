#!/usr/bin/env python3
"""The documentation's code blocks, as tests (scripts/test-readme and scripts/test-downstream run this).

The documentation is README.md, docs/*.md and the DocC articles (Sources/*/*.docc/*.md) of the repository ROOT.
Every ```swift and ```sh block in it is a test unless its first line says it is illustrative (visible to the
reader: `// Illustrative: …` or `# Illustrative: …`, with why).

  readme_blocks.py swift ROOT OUT_DIR
      writes each Swift block to OUT_DIR/<Page>BlockLINE.swift (ReadmeBlock12.swift, DocsDriftBlock30.swift,
      MockAPITestingGettingStartedBlock40.swift), to be compiled together (a declaration in two blocks does not
      compile) and run in a package that depends on mockapi (scripts/test-downstream).

  readme_blocks.py sh ROOT WORK_DIR
      runs each shell block with bash in WORK_DIR (which holds Fixtures/ and a `mockapi` on PATH), each command with
      `set -e`, page after page in the order `documents` gives. A comment `# exit N` at the end of a command line
      says the status it ends with (0 otherwise); a line `# => TEXT` under a command says its output (stdout and
      stderr) contains TEXT. Jobs a block starts in the background are stopped after it. Prints one line per page;
      exits 1 when any block did not do what it says.
"""
import glob
import os
import re
import subprocess
import sys


def documents(root):
    """The pages whose blocks are tests, as paths relative to root: README.md, docs/*.md, the DocC articles."""
    pages = ["README.md"] + sorted(glob.glob("docs/*.md", root_dir=root))
    pages += sorted(glob.glob("Sources/*/*.docc/*.md", root_dir=root))
    return pages


def page_name(page):
    """ReadmeBlock for README.md, DocsDrift for docs/drift.md, MockAPITestingGettingStarted for an article."""
    if page == "README.md":
        return "Readme"
    parts = re.split(r"[/.\-]", page[:-len(".md")])
    if parts[0] == "docs":
        words = parts
    else:                                   # Sources/MockAPITesting/MockAPITesting.docc/GettingStarted
        words = [parts[1], parts[-1]]
    return "".join(word[:1].upper() + word[1:] for word in words if word)

FENCE = re.compile(r"^```(\w+)\s*$")


def blocks(path, language):
    """(line number of the first code line, the block's lines) for each block of the language."""
    found, current, start, kind = [], None, 0, None
    with open(path, encoding="utf-8") as readme:
        for number, line in enumerate(readme, 1):
            line = line.rstrip("\n")
            if current is None:
                match = FENCE.match(line)
                if match:
                    current, start, kind = [], number + 1, match.group(1)
                elif line.startswith("```"):
                    current, start, kind = [], number + 1, None
            elif line.startswith("```"):
                if kind == language:
                    found.append((start, current))
                current = None
            else:
                current.append(line)
    return found


def illustrative(lines, comment):
    first = next((line for line in lines if line.strip()), "")
    return first.lstrip().lower().startswith(comment + " illustrative")


def write_swift(root, out):
    os.makedirs(out, exist_ok=True)
    count = 0
    for page in documents(root):
        for start, lines in blocks(os.path.join(root, page), "swift"):
            if illustrative(lines, "//"):
                continue
            with open(os.path.join(out, f"{page_name(page)}Block{start}.swift"), "w", encoding="utf-8") as swift:
                swift.write(f"// {page}, the block at line {start}: written by scripts/lib/readme_blocks.py; edit {page}.\n")
                swift.write("\n".join(lines) + "\n")
            count += 1
    print(f"docs: {count} Swift blocks of {len(documents(root))} pages written to {out}")


EXIT = re.compile(r"#\s*exit\s+(\d+)\s*$")


def commands(lines):
    """Joins continued lines; yields (command, expected status, expected output texts)."""
    units, pending = [], ""
    for line in lines:
        stripped = line.strip()
        if stripped.startswith("# =>"):
            if units:
                units[-1][2].append(stripped[4:].strip())
            continue
        if not pending and (not stripped or stripped.startswith("#")):
            continue
        pending += line + "\n"
        if line.rstrip().endswith("\\"):
            continue
        match = EXIT.search(pending.rstrip())
        units.append([pending, int(match.group(1)) if match else 0, []])
        pending = ""
    return units


def run_sh(root, work):
    status = 0
    for page in documents(root):
        status |= run_page(root, page, work)
    return status


def run_page(root, page, work):
    failures, ran, skipped = [], 0, 0
    for start, lines in blocks(os.path.join(root, page), "sh"):
        if illustrative(lines, "#"):
            skipped += 1
            continue
        ran += 1
        script = ["set -uo pipefail", "trap 'kill $(jobs -p) 2>/dev/null; wait 2>/dev/null' EXIT"]
        for index, (command, status, texts) in enumerate(commands(lines)):
            log = f"$__readme/{start}-{index}.out"
            script.append(f"{{\n{command}}} >{log} 2>&1; __status=$?")
            script.append(f'if [ "$__status" -ne {status} ]; then echo "{page}:{start}: exit $__status, the page says {status}: '
                          f'$(head -c 300 {log} | tr "\\n" " ")"; exit 1; fi')
            for text in texts:
                quoted = text.replace("'", "'\\''")
                script.append(f"grep -qF -- '{quoted}' {log} || {{ echo \"{page}:{start}: the output does not say: {quoted}\"; "
                              f"echo \"--- it says:\"; head -20 {log}; exit 1; }}")
        outputs = os.path.join(work, ".readme-output")
        os.makedirs(outputs, exist_ok=True)
        result = subprocess.run(["bash", "-c", "\n".join(script)], cwd=work, capture_output=True, text=True,
                                env=dict(os.environ, __readme=outputs), timeout=300)
        if result.returncode != 0:
            failures.append((result.stdout + result.stderr).strip() or f"{page}:{start}: exit {result.returncode}")
    for failure in failures:
        print(failure)
    if ran or skipped:
        print(f"docs: {page}: {ran - len(failures)} of {ran} runnable shell blocks did what the page says ({skipped} illustrative)")
    return 1 if failures else 0


if __name__ == "__main__":
    mode, root, target = sys.argv[1:4]
    if mode == "swift":
        write_swift(root, target)
    else:
        sys.exit(run_sh(root, target))
