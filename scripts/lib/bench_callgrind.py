"""What scripts/bench-instructions runs under Python: the client that drives a server under callgrind, and the report.

  bench_callgrind.py drive PORT PID REQUESTS WARMUP PATH
      One keep-alive connection sending the request wrk sends (GET PATH with a Host header, nothing else): WARMUP
      requests, then callgrind counts REQUESTS more (callgrind_control -i on/off PID), then a dump (-d).
  bench_callgrind.py record-report DUMP ANSWERS
      Instructions a recorded answer, all of the recorder's threads together, and the functions with the most.
  bench_callgrind.py report MOCKAPI_DUMP BASELINE_DUMP REQUESTS WARMUP
      Instructions a request for each, with and without libmicrohttpd clearing its connection pool (memset, the same
      in both), and the functions where they differ most; then the lines of code a request runs (dumps written with
      --dump-instr=yes), by library, and mockapi's functions with the most.
"""
import collections
import re
import socket
import subprocess
import sys


def drive(port, pid, requests, warmup, path):
    request = b"GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % (path.encode(), port)
    connection = socket.create_connection(("127.0.0.1", port))
    pending = b""

    def one():
        nonlocal pending
        connection.sendall(request)
        while b"\r\n\r\n" not in pending:
            pending += receive()
        head, _, rest = pending.partition(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 200"):
            sys.exit("bench: the server answered " + head.split(b"\r\n")[0].decode(errors="replace"))
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        while len(rest) < length:
            rest += receive()
        pending = rest[length:]

    def receive():
        data = connection.recv(1 << 16)
        if not data:
            sys.exit("bench: the server closed the connection")
        return data

    def control(*arguments):
        subprocess.run(["callgrind_control", *arguments, str(pid)], check=True, capture_output=True)

    for _ in range(warmup):
        one()
    control("-i", "on")
    for _ in range(requests):
        one()
    control("-i", "off")
    control("-d")


def functions(dump):
    """Instructions by function (callgrind_annotate's exclusive counts), and the total."""
    text = subprocess.run(["callgrind_annotate", "--threshold=100", "--show=Ir", dump], check=True, capture_output=True,
                          text=True).stdout
    counts, total = {}, 0
    for line in text.splitlines():
        match = re.match(r"\s*([\d,]+) \([^)]*\)\s+(.*)", line)
        if not match:
            continue
        count = int(match.group(1).replace(",", ""))
        name = match.group(2)
        if "PROGRAM TOTALS" in name:
            total = count
            continue
        # "file:function [object]": the function, and the object's file name without its directory.
        obj = re.search(r"\[([^\]]*)\]\s*$", name)
        function = re.sub(r"\s*\[[^\]]*\]\s*$", "", name).split(":", 1)[-1]
        key = f"{function} ({obj.group(1).rsplit('/', 1)[-1] if obj else '?'})"
        counts[key] = counts.get(key, 0) + count
    return counts, total


def report(mockapi_dump, baseline_dump, requests, warmup):
    mockapi, mockapi_total = functions(mockapi_dump)
    baseline, baseline_total = functions(baseline_dump)

    def clearing(counts):
        return sum(count for name, count in counts.items() if "memset" in name)

    rows = [("C server", baseline_total, clearing(baseline)), ("mockapi", mockapi_total, clearing(mockapi))]
    print(f"instructions a request (callgrind: {requests:,} keep-alive requests of wrk's shape, after {warmup:,})")
    print()
    print("| server | all | libmicrohttpd clearing its pool (memset) | the rest |")
    print("|---|---:|---:|---:|")
    for label, total, cleared in rows:
        print(f"| {label} | {total / requests:,.0f} | {cleared / requests:,.0f} | {(total - cleared) / requests:,.0f} |")
    extra = (mockapi_total - baseline_total) / requests
    print(f"| mockapi − C server | {extra:,.0f} | | {extra - (rows[1][2] - rows[0][2]) / requests:,.0f} |")
    print()
    print("where they differ most (mockapi − C server, instructions a request):")
    differences = {name: (mockapi.get(name, 0) - baseline.get(name, 0)) / requests for name in set(mockapi) | set(baseline)}
    largest = [item for item in sorted(differences.items(), key=lambda item: -abs(item[1]))[:15] if abs(item[1]) >= 1]
    for (name, difference), readable in zip(largest, demangled([name for name, _ in largest])):
        print(f"  {difference:7,.0f}  {readable[:140]}")


def record_report(dump, answers):
    counts, total = functions(dump)
    print(f"instructions a recorded answer, all of the recorder's threads (callgrind: {answers:,} answers of a 1.8 KB JSON "
          f"from a local upstream, one keep-alive connection): {total / answers:,.0f}")
    print()
    print("the functions with the most (their own instructions, an answer):")
    top = sorted(counts.items(), key=lambda item: -item[1])[:15]
    for (name, count), readable in zip(top, demangled([name for name, _ in top])):
        print(f"  {count / answers:9,.0f}  {readable[:140]}")


def code_lines(dump, requests):
    """The 64-byte lines of code that run at least one instruction a request on average, as {(object, function): lines}.

    Reads the dump's cost lines ("address line Ir", addresses compressed as +N, -N or * after the first), skipping the
    line after each calls= (a call's inclusive cost, not an instruction of the caller)."""
    names = {"ob": {}, "fn": {}}
    current = {"ob": None, "fn": None}
    cost = collections.Counter()
    owner = {}
    address, after_call = 0, False
    with open(dump) as text:
        for line in text:
            match = re.match(r"(c?)(ob|fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
            if match:
                called, kind, number, name = match.groups()
                if name:
                    names[kind][number] = name
                if not called:
                    current[kind] = number
                continue
            if line.startswith("calls="):
                after_call = True
                continue
            fields = line.split()
            if not fields or not re.match(r"(0x[0-9a-f]+|[+-]\d+|\*)$", fields[0]):
                continue
            position = fields[0]
            if position.startswith("0x"):
                address = int(position, 16)
            elif position != "*":
                address += int(position)
            if after_call:
                after_call = False
                continue
            line_key = (current["ob"], address >> 6)
            cost[line_key] += int(fields[2]) if len(fields) > 2 else 0
            owner.setdefault(line_key, current["fn"])
    lines = collections.Counter()
    for line_key, instructions in cost.items():
        if instructions >= requests:
            library = names["ob"].get(line_key[0], "?").rsplit("/", 1)[-1]
            lines[(library, names["fn"].get(owner[line_key], "?"))] += 1
    return lines


def event_totals(dump):
    """The dump's totals by event: Ir, and with cache simulation I1mr, D1mr, D1mw and the last level's."""
    events, values = [], []
    with open(dump) as text:
        for line in text:
            if line.startswith("events:"):
                events = line.split()[1:]
            elif line.startswith("totals:"):
                values = [int(value) for value in line.split()[1:]]
    return dict(zip(events, values))


def instruction_cache_lines():
    """The first level-1 instruction cache's size in 64-byte lines, from sysfs; "?" when it does not say."""
    for index in range(4):
        folder = f"/sys/devices/system/cpu/cpu0/cache/index{index}"
        try:
            with open(f"{folder}/type") as kind, open(f"{folder}/level") as level, open(f"{folder}/size") as size:
                if kind.read().strip() == "Instruction" and level.read().strip() == "1":
                    text = size.read().strip()
                    return int(text.rstrip("K")) * (1024 if text.endswith("K") else 1) // 64
        except (OSError, ValueError):
            continue
    return "?"


def report_code_lines(mockapi_dump, baseline_dump, requests):
    mockapi, baseline = code_lines(mockapi_dump, requests), code_lines(baseline_dump, requests)

    def by_library(lines):
        totals = collections.Counter()
        for (library, _), count in lines.items():
            totals[library] += count
        return ", ".join(f"{library} {count}" for library, count in totals.most_common())

    print()
    print("lines of code a request runs (64-byte lines with at least one instruction a request; what does not fit in")
    print(f"the instruction cache, {instruction_cache_lines()} lines here, is fetched again on every request)")
    print()
    print("| server | lines | KiB | level-1 misses a request, simulated: code / data read / data written | by library |")
    print("|---|---:|---:|---|---|")
    for label, lines, dump in (("C server", baseline, baseline_dump), ("mockapi", mockapi, mockapi_dump)):
        total = sum(lines.values())
        events = event_totals(dump)
        misses = " / ".join(f"{events[name] / requests:,.0f}" if name in events else "?" for name in ("I1mr", "D1mr", "D1mw"))
        print(f"| {label} | {total} | {total * 64 / 1024:.1f} | {misses} | {by_library(lines)} |")
    print()
    print("mockapi's own functions with the most lines:")
    own = [(function, count) for (library, function), count in mockapi.items()
           if library not in {name for name, _ in baseline} and not library.startswith(("libswift", "libdispatch"))]
    own.sort(key=lambda item: -item[1])
    for (name, count), readable in zip(own[:12], demangled([name for name, _ in own[:12]])):
        print(f"  {count:4d}  {readable[:140]}")


def demangled(names):
    """Swift's symbols as `Type.method(_:label:)`, through swift-demangle when it is there."""
    try:
        text = subprocess.run(["swift", "demangle", "--simplified", "--compact"], input="\n".join(names) + "\n",
                              check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return names
    lines = text.splitlines()
    return lines if len(lines) == len(names) else names


if __name__ == "__main__":
    command, arguments = sys.argv[1], sys.argv[2:]
    if command == "drive":
        drive(int(arguments[0]), int(arguments[1]), int(arguments[2]), int(arguments[3]), arguments[4])
    elif command == "record-report":
        record_report(arguments[0], int(arguments[1]))
    elif command == "report":
        report(arguments[0], arguments[1], int(arguments[2]), int(arguments[3]))
        report_code_lines(arguments[0], arguments[1], int(arguments[2]))
    else:
        sys.exit(__doc__)
