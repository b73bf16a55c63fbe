"""Instructions `mockapi serve` spends on a GraphQL POST against a JSON POST of the same size, counted by callgrind.

    python3 scripts/lib/bench_graphql.py MOCKAPI [REQUESTS]

One cassette holds four recordings: `GET /zen` (no body: the floor every request pays), a JSON body that is not
GraphQL (`POST /search`), and a GraphQL request (`POST /graphql`, mergestat-lite's stargazers query from
Fixtures/github-graphql/stargazers.json); the JSON body is the GraphQL one with its `query` member renamed `search`,
so both have the same bytes but for one letter. For each request kind a server runs under callgrind (instrumentation
off), takes 200 requests of warm-up on one keep-alive connection, then callgrind counts REQUESTS more (default 1000).
Kinds: bare GET; JSON body; GraphQL as recorded (its document is known, so it costs a dictionary lookup); GraphQL
re-formatted (another layout and field order: parsed when it first arrives, then kept); GraphQL new each time (another
comment in every request, so every document is parsed). Prints instructions a request and, for each
body, its cost above the bare GET, and the GraphQL / JSON ratios of those costs. Counts, not seconds: the same on a
busy machine. Needs valgrind (callgrind_control) and a release mockapi.
"""
import json
import os
import re
import socket
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def cassette_and_requests():
    with open(os.path.join(ROOT, "Fixtures", "github-graphql", "stargazers.json"), encoding="utf-8") as f:
        recorded = json.load(f)["interactions"][0]["request"]["body"]["text"].strip()
    body = json.loads(recorded)
    graphql = json.dumps(body, separators=(",", ":")).encode()
    search = graphql.replace(b'"query":', b'"search":', 1)
    reformatted_query = ("# the same query, laid out by another client\n" + body["query"]
                         .replace("{", " {\n  ").replace(",", "\n  ").replace("}", "\n}"))
    reformatted = json.dumps({"variables": body["variables"], "query": reformatted_query}, separators=(",", ":")).encode()

    def interaction(method, path, request_body):
        return {"request": {"method": method, "path": path, "headers": [],
                            "body": None if request_body is None else {"json": json.loads(request_body)}},
                "response": {"status": 200, "headers": [["content-type", "application/json"]],
                             "body": {"json": {"ok": True}}}}
    cassette = {"mockapi": 1, "source": "scripts/lib/bench_graphql.py (stargazers query of mergestat-lite)",
                "interactions": [interaction("GET", "/zen", None), interaction("POST", "/search", search),
                                 interaction("POST", "/graphql", graphql)]}
    def fresh(number):
        # Another comment each time: a document no cache holds, parsed on arrival.
        query = "# request %08d\n" % number + reformatted_query
        return json.dumps({"variables": body["variables"], "query": query}, separators=(",", ":")).encode()
    requests = {
        "bare GET": (b"GET", b"/zen", lambda _: b""),
        "JSON body": (b"POST", b"/search", lambda _: search),
        "GraphQL as recorded": (b"POST", b"/graphql", lambda _: graphql),
        "GraphQL re-formatted": (b"POST", b"/graphql", lambda _: reformatted),
        "GraphQL new each time": (b"POST", b"/graphql", fresh),
    }
    return cassette, requests


def send_all(port, request, count, first=0):
    method, path, make_body = request
    connection = socket.create_connection(("127.0.0.1", port))
    pending = b""
    for number in range(first, first + count):
        body = make_body(number)
        connection.sendall(b"%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                           b"Content-Length: %d\r\n\r\n%s" % (method, path, len(body), body))
        while b"\r\n\r\n" not in pending:
            pending += connection.recv(65536)
        head, _, rest = pending.partition(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 200"):
            sys.exit("bench: %s %s answered %s" % (method.decode(), path.decode(), head.split(b"\r\n")[0].decode()))
        length = int(re.search(rb"(?i)content-length:\s*(\d+)", head).group(1))
        while len(rest) < length:
            rest += connection.recv(65536)
        pending = rest[length:]
    connection.close()


def count(mockapi, cassette_path, request, requests, work):
    out = os.path.join(work, "callgrind.%p")
    server = subprocess.Popen(
        ["valgrind", "--tool=callgrind", "--instr-atstart=no", "--callgrind-out-file=" + out,
         mockapi, "serve", cassette_path, "--port", "0", "--log-level", "error"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = server.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)", line)
    if not match:
        server.kill()
        sys.exit("bench: mockapi serve printed no URL: %r" % line)
    port = int(match.group(1))
    send_all(port, request, 200)
    subprocess.run(["callgrind_control", "-i", "on", str(server.pid)], check=True, capture_output=True)
    send_all(port, request, requests, first=200)
    subprocess.run(["callgrind_control", "-i", "off", str(server.pid)], check=True, capture_output=True)
    subprocess.run(["callgrind_control", "-d", str(server.pid)], check=True, capture_output=True)
    dump = os.path.join(work, "callgrind.%d.1" % server.pid)
    server.terminate()
    server.wait()
    annotated = subprocess.run(["callgrind_annotate", "--threshold=100", dump], check=True, capture_output=True,
                               text=True).stdout
    for text in annotated.splitlines():
        if "PROGRAM TOTALS" in text:
            return int(text.split()[0].replace(",", "")) / requests
    sys.exit("bench: no PROGRAM TOTALS in " + dump)


def main():
    mockapi = sys.argv[1]
    requests = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    cassette, kinds = cassette_and_requests()
    with tempfile.TemporaryDirectory(prefix="bench-graphql-") as work:
        path = os.path.join(work, "bench.json")
        with open(path, "w") as f:
            json.dump(cassette, f)
        # valgrind 3.19 (Debian 12) cannot read the DWARF 5 debug sections Swift writes; the symbols stay.
        stripped = os.path.join(work, "mockapi")
        subprocess.run(["objcopy", "--strip-debug", mockapi, stripped], check=True)
        results = {name: count(stripped, path, request, requests, work) for name, request in kinds.items()}
    floor = results["bare GET"]
    print("body of %d bytes (GraphQL) / %d bytes (JSON); %d requests counted each" % (
        len(kinds["GraphQL as recorded"][2](0)), len(kinds["JSON body"][2](0)), requests))
    for name, value in results.items():
        above = "" if name == "bare GET" else ", %.0f above the bare GET" % (value - floor)
        print("%-22s %9.0f instructions a request%s" % (name, value, above))
    json_cost = results["JSON body"] - floor
    for name in ("GraphQL as recorded", "GraphQL re-formatted"):
        ratio = (results[name] - floor) / json_cost
        print("%s / JSON body (cost above the bare GET): %.2f (target <= 2.00: %s)" % (
            name, ratio, "ok" if ratio <= 2.0 else "MISSED"))
    print("GraphQL new each time / JSON body (cost above the bare GET): %.2f (a parse every request; no target)" % (
        (results["GraphQL new each time"] - floor) / json_cost))


if __name__ == "__main__":
    main()
