"""The client side of scripts/bench-websocket: writes the cassette, starts `mockapi serve`, runs the conversations,
prints the figures. Every process it starts is stopped by its PID."""

import asyncio
import json
import os
import signal
import statistics
import subprocess
import sys
import time

import websockets

GAP_MS = 50
ANSWERS = 10
HOLD_SECONDS = 20


def cassette():
    """Two recorded conversations: /timed (a client message answered by ANSWERS server messages GAP_MS apart, then the
    server's close) and /idle (a server greeting, then a client message the bench never sends)."""
    handshake = lambda path: {"method": "GET", "path": path, "headers": [], "body": None}
    switching = {"status": 101, "headers": [["Upgrade", "websocket"], ["Connection", "Upgrade"]], "body": None}
    timed = [{"from": "client", "atMs": 1, "json": {"type": "start"}}]
    timed += [{"from": "server", "atMs": 1 + GAP_MS * (i + 1), "json": {"type": "tick", "n": i}} for i in range(ANSWERS)]
    end = 1 + GAP_MS * (ANSWERS + 1)
    idle = [{"from": "server", "atMs": 0, "json": {"type": "hello"}}, {"from": "client", "atMs": 5, "text": "never"}]
    return {
        "mockapi": 1,
        "interactions": [
            {"request": handshake("/timed"), "response": switching,
             "webSocket": {"messages": timed, "close": {"from": "server", "atMs": end, "code": 1000, "reason": "done"}},
             "recordedAt": "2026-11-29T00:00:00Z", "durationMs": end},
            {"request": handshake("/idle"), "response": switching, "webSocket": {"messages": idle},
             "recordedAt": "2026-11-29T00:00:00Z", "durationMs": 5},
        ],
    }


def status(pid):
    """RSS in KiB and thread count of a process."""
    fields = {}
    with open(f"/proc/{pid}/status") as file:
        for line in file:
            name, _, value = line.partition(":")
            fields[name] = value.split()
    return int(fields["VmRSS"][0]), int(fields["Threads"][0])


async def timed_conversation(url, errors, delay):
    # Started spread over one gap, as independent clients are: otherwise every conversation's messages fall due at
    # the same instant and the Python client's own time to read a hundred of them in a row is what gets measured.
    await asyncio.sleep(delay)
    async with websockets.connect(url + "/timed", compression=None, max_size=None) as socket:
        await socket.send(json.dumps({"type": "start"}))
        arrivals = []
        for _ in range(ANSWERS):
            await socket.recv()
            arrivals.append(time.perf_counter())
        for before, after in zip(arrivals, arrivals[1:]):
            errors.append((after - before) * 1000 - GAP_MS)
        try:
            await socket.recv()
        except websockets.ConnectionClosed as closed:
            assert closed.rcvd is not None and closed.rcvd.code == 1000, closed


async def idle_conversations(url, count, pid):
    sockets = []
    for _ in range(count):
        socket = await websockets.connect(url + "/idle", compression=None, max_size=None, ping_interval=None)
        await socket.recv()
        sockets.append(socket)
    await asyncio.sleep(1)
    held = status(pid) + (thread_names(pid),)
    # Then left idle: what an open conversation holds must not grow while it waits.
    await asyncio.sleep(HOLD_SECONDS)
    later = status(pid)
    await asyncio.gather(*(socket.close() for socket in sockets))
    return held, later


def thread_names(pid):
    names = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/comm") as file:
            name = file.read().strip()
        names[name] = names.get(name, 0) + 1
    return names


class WireCapture:
    """tshark on loopback during the timed rounds: the kernel's timestamp of every WebSocket frame the server sent,
    decoded by tshark's own WebSocket dissector, so that the gaps are the server's and not the Python client's."""

    def __init__(self, work, port):
        self.file = os.path.join(work, "timed.pcap")
        self.port = port
        self.process = subprocess.Popen(
            ["tshark", "-q", "-i", "lo", "-f", f"tcp port {port}", "-w", self.file],
            stderr=subprocess.PIPE, text=True)
        for line in self.process.stderr:
            if "Capturing on" in line:
                break

    def gap_errors(self):
        """Stops the capture; each gap between two text frames of one connection, less the recorded gap, in ms."""
        time.sleep(0.2)
        self.process.send_signal(signal.SIGINT)
        self.process.wait()
        fields = subprocess.run(
            ["tshark", "-r", self.file, "-d", f"tcp.port=={self.port},http", "-Y", f"tcp.srcport == {self.port} && websocket.opcode == 1",
             "-T", "fields", "-e", "tcp.stream", "-e", "frame.time_epoch", "-e", "websocket.opcode"],
            capture_output=True, text=True, check=True).stdout
        frames = {}
        for line in fields.splitlines():
            stream, stamp, opcodes = line.split("\t")
            # Two frames in one segment share its timestamp; the field lists each frame's opcode.
            frames.setdefault(stream, []).extend([float(stamp)] * opcodes.split(",").count("1"))
        errors = []
        for stamps in frames.values():
            errors += [(after - before) * 1000 - GAP_MS for before, after in zip(stamps, stamps[1:])]
        return errors


def summary(errors):
    magnitudes = [abs(error) for error in errors]
    p99 = percentile(magnitudes, 0.99)
    return (p99, f"{len(errors)} gaps: error p50 {percentile(magnitudes, 0.5):.2f} ms, p99 {p99:.2f} ms, "
                 f"max {max(magnitudes):.2f} ms, mean {statistics.fmean(errors):+.2f} ms")


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def main(work):
    path = os.path.join(work, "ws.json")
    with open(path, "w") as file:
        json.dump(cassette(), file)
    server = subprocess.Popen(
        [os.environ["MOCKAPI_BIN"], "serve", path, "--port", "0", "--log-level", "error", "--stream-timing", "recorded"],
        stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        base = next(word for word in line.split() if word.startswith("http://"))
        url = "ws://" + base[len("http://"):]
        conversations, rounds, idle = (int(os.environ[name]) for name in ("CONVERSATIONS", "ROUNDS", "IDLE"))
        cold = status(server.pid)
        port = base.rstrip("/").rsplit(":", 1)[1]
        capture = WireCapture(work, port)
        errors = []
        for _ in range(rounds):
            await asyncio.gather(*(
                timed_conversation(url, errors, GAP_MS / 1000 * index / conversations) for index in range(conversations)))
        wire_p99, wire = summary(capture.gap_errors())
        _, client = summary(errors)
        print(f"replayed gaps ({GAP_MS} ms recorded), {conversations} conversations at once x {rounds} rounds")
        print(f"  as sent, by the kernel's timestamps on loopback (tshark), {wire} "
              f"(target p99 <= 5 ms: {'ok' if wire_p99 <= 5 else 'MISSED'})")
        print(f"  as the Python client's event loop read them (its own scheduling included), {client}")
        warm = status(server.pid) + (thread_names(server.pid),)
        held, later = await idle_conversations(url, idle, server.pid)
        await asyncio.sleep(1)
        after = status(server.pid)
        print(f"mockapi serve RSS / threads: at start {cold[0] // 1024} MiB / {cold[1]}; after the timed rounds "
              f"{warm[0] // 1024} MiB / {warm[1]}; with {idle} idle conversations open {held[0] // 1024} MiB / {held[1]}, "
              f"{HOLD_SECONDS} s later {later[0] // 1024} MiB / {later[1]}; after they closed {after[0] // 1024} MiB / {after[1]}")
        # Dispatch's pool threads come and go with other work: the target is that conversations add none.
        print(f"  per idle conversation: {(held[0] - warm[0]) / idle:.1f} KiB; threads added: {held[1] - warm[1]} "
              f"(target: none added: {'ok' if held[1] <= warm[1] else 'MISSED'})")
        grown = later[0] - held[0]
        print(f"  while they stayed idle {HOLD_SECONDS} s: RSS {grown:+d} KiB, threads {later[1] - held[1]:+d} "
              f"(target: flat, within 1 MiB and no thread: {'ok' if grown <= 1024 and later[1] <= held[1] else 'MISSED'})")
        print(f"  threads after the timed rounds: {warm[2]}")
        print(f"  threads with the idle conversations open: {held[2]}")
        print(f"load average: {' '.join(open('/proc/loadavg').read().split()[:3])}")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
