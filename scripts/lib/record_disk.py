"""What the recorder's writer thread buys: scripts/bench-record-disk runs it (see there)."""
import http.client
import http.server
import json
import os
import signal
import subprocess
import sys
import threading
import time

STRACE = ["strace", "-f", "-qq", "-o", "/dev/null", "--seccomp-bpf", "-e", "trace=fsync,fdatasync",
          "-e", "inject=fdatasync:delay_exit=300000", "-e", "inject=fsync:delay_exit=300000"]


def start(work, name, command):
    ready = os.path.join(work, name + ".url")
    if os.path.exists(ready):
        os.remove(ready)
    process = subprocess.Popen(command + ["--port", "0", "--ready-file", ready, "--log-level", "error",
                                          "--exit-with", str(os.getpid())],
                               stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, name + ".err"), "w"))
    for _ in range(600):
        if os.path.exists(ready) and os.path.getsize(ready) > 0:
            return process, open(ready).read().strip()
        if process.poll() is not None:
            sys.exit(f"{name} did not start: {open(os.path.join(work, name + '.err')).read()}")
        time.sleep(0.1)
    sys.exit(f"{name} did not start")


def traced(pid):
    """The mockapi process: under strace, its child (strace does not pass SIGTERM on)."""
    children = open(f"/proc/{pid}/task/{pid}/children").read().split()
    return int(children[0]) if children else pid


def stop(process):
    os.kill(traced(process.pid), signal.SIGTERM)
    process.wait()


def rss_mib(pid):
    for line in open(f"/proc/{traced(pid)}/status"):
        if line.startswith("VmRSS"):
            return int(line.split()[1]) / 1024


class Client:
    def __init__(self, url):
        host, port = url.split("//")[1].split(":")
        self.connection = http.client.HTTPConnection(host, int(port), timeout=30)

    def get(self, target):
        started = time.perf_counter()
        self.connection.request("GET", target)
        answer = self.connection.getresponse()
        answer.read()
        return answer.status, (time.perf_counter() - started) * 1000


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))] if ordered else float("nan")


def slow_sync(binary, fixtures, work, seconds=6.0, clients=4):
    upstream, upstream_url = start(work, "upstream", [binary, "serve", fixtures])
    rows = []
    for name, command, recorded_target, probes in [
        ("record", ["record", "--upstream", upstream_url, "--cassette", f"{work}/slow.json"],
         "/orgs/octokit-fixture-org?i={}", ["/__mockapi/health"]),
        ("serve --record-missing", ["serve", fixtures, "--record-missing", "--upstream", upstream_url,
                                    "--cassette", f"{work}/missing.json"],
         "/not-recorded/{}", ["/__mockapi/health", "/orgs/octokit-fixture-org"]),
    ]:
        recorder, url = start(work, "recorder", STRACE + [binary] + command)
        end = time.monotonic() + seconds
        recorded = []
        latencies = {probe: [] for probe in probes}

        def record(number):
            client, sent = Client(url), 0
            while time.monotonic() < end:
                recorded.append(client.get(recorded_target.format(f"{number}-{sent}"))[1])
                sent += 1

        def probe():
            client = Client(url)
            while time.monotonic() < end:
                for target in probes:
                    latencies[target].append(client.get(target)[1])
                time.sleep(0.02)

        threads = [threading.Thread(target=record, args=(n,)) for n in range(clients)] + [threading.Thread(target=probe)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        stop(recorder)
        row = f"| {name} | {len(recorded)} | {percentile(recorded, 50):.0f} |"
        for target in probes:
            row += f" {target}: {percentile(latencies[target], 50):.1f} / {percentile(latencies[target], 99):.1f} ({len(latencies[target])}) |"
        rows.append(row)
    stop(upstream)
    print(f"every fsync/fdatasync of the recorder delayed 300 ms; {clients} clients recording for {seconds:.0f} s")
    print("| server | recorded | record p50 ms | probe: p50 / p99 ms (count) |")
    print("|---|---|---|---|")
    print("\n".join(rows))


class SizedAnswers(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    size = 16 << 10

    def do_GET(self):
        body = (self.path.encode() * (self.size // max(len(self.path), 1) + 1))[: self.size]
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *arguments):
        pass


def memory(binary, work, count=12000, clients=4):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), SizedAnswers)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    cassette = f"{work}/memory.json"
    recorder, url = start(work, "recorder", [binary, "record", "--upstream", f"http://127.0.0.1:{server.server_port}",
                                             "--cassette", cassette])
    pid = recorder.pid
    start_rss = rss_mib(pid)
    lock, done, samples = threading.Lock(), [0], {}

    def record(number):
        client = Client(url)
        for index in range(number, count, clients):
            status, _ = client.get(f"/answers/{index:06d}")
            assert status == 200, status
            with lock:
                done[0] += 1
                if done[0] in (1000, count):
                    samples[done[0]] = rss_mib(pid)

    started = time.monotonic()
    threads = [threading.Thread(target=record, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    stop(recorder)
    server.shutdown()
    kept = len(json.load(open(cassette))["interactions"])
    print(f"{count} answers of 16 KiB recorded by {clients} clients in {elapsed:.0f} s; cassette "
          f"{os.path.getsize(cassette) >> 20} MiB")
    print(f"recorder RSS: {start_rss:.0f} MiB at start, {samples[1000]:.0f} MiB after 1,000, {samples[count]:.0f} MiB "
          f"after {count:,}: growth after the first 1,000: {samples[count] - samples[1000]:.0f} MiB")
    print(f"interactions in the file after SIGTERM: {kept}")
    return kept == count


if __name__ == "__main__":
    what = sys.argv[1]
    if what == "slow-sync":
        slow_sync(*sys.argv[2:5])
    elif what == "memory":
        sys.exit(0 if memory(sys.argv[2], sys.argv[3], *(int(a) for a in sys.argv[4:5])) else 1)
    else:
        sys.exit("usage: record_disk.py slow-sync BINARY FIXTURES WORK | memory BINARY WORK [COUNT]")
