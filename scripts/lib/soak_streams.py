"""The streaming phase of scripts/soak: streamed replays, over and over, some cut by the client mid-stream.

    soak_streams.py URL CASSETTE SECONDS CONNECTIONS

CONNECTIONS workers, each asking for the cassette's one streamed answer again and again until SECONDS have passed,
each time on a new connection. Every fourth stream is left by the client after 1 to 10 chunks (half of them with a
reset, half with a plain close); the others are read to their end. An answer is expected when its status is the
recorded one and every chunk it sent, in order, is the recorded chunk (each chunk of the answer is its own HTTP chunk);
a stream the client leaves must have sent the recorded chunks up to where it left. Prints the figures in the form of
scripts/lib/soak.lua (`soak-result …` lines); latency is that of a whole stream read to its end.
"""

import asyncio
import json
import socket
import struct
import sys
import time

from soak_tally import Tally


def recorded(cassette_path):
    interaction = json.load(open(cassette_path))["interactions"][0]
    status = interaction["response"]["status"]
    chunks = [chunk["text"].encode() for chunk in interaction["response"]["body"]["chunks"]]
    path = interaction["request"]["path"]
    return path, status, chunks


async def one_stream(host, port, path, status, chunks, leave_after, reset, tally):
    kind = "cut" if leave_after else "streamed"
    tally.sent[kind] += 1
    started = time.monotonic()
    opened = await tally.connected(asyncio.open_connection(host, port))
    if opened is None:
        return
    reader, writer = opened
    try:
        writer.write(("GET %s HTTP/1.1\r\nHost: %s:%d\r\n\r\n" % (path, host, port)).encode())
        await writer.drain()
    except OSError:
        tally.errors["write"] += 1
        writer.close()
        return
    try:
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
        line = head.split(b"\r\n", 1)[0]
        if int(line.split(b" ")[1]) != status or b"chunked" not in head.lower():
            tally.miss("head %r" % line)
            return
        received = []
        while leave_after == 0 or len(received) < leave_after:
            size_line = await asyncio.wait_for(reader.readline(), 10)
            size = int(size_line.split(b";")[0], 16)
            if size == 0:
                await reader.readexactly(2)
                break
            received.append((await reader.readexactly(size + 2))[:-2])
        wanted = chunks[: len(received)] if leave_after else chunks
        if received != wanted:
            tally.miss("chunks %r" % [piece[:40] for piece in received[:3]])
            return
        tally.expected[kind] += 1
        if not leave_after:
            tally.latencies.append((time.monotonic() - started) * 1000)
    except asyncio.TimeoutError:
        tally.errors["timeout"] += 1
    except (OSError, asyncio.IncompleteReadError, ValueError) as error:
        tally.errors["read"] += 1
        if not tally.sample:
            tally.sample = "read: %r" % error
    finally:
        if leave_after and reset:
            # SO_LINGER with a zero timeout: the close sends a reset, as a killed client's does.
            raw = writer.get_extra_info("socket")
            if raw is not None:
                raw.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        writer.close()


async def worker(number, host, port, path, status, chunks, deadline, tally):
    turn = 0
    while time.monotonic() < deadline:
        turn += 1
        leave_after = 1 + (turn + number) % 10 if turn % 4 == 0 else 0
        await one_stream(host, port, path, status, chunks, leave_after, turn % 8 == 0, tally)


async def main(url, cassette, seconds, connections):
    host, port = url.split("//")[1].rstrip("/").split(":")
    path, status, chunks = recorded(cassette)
    tally = Tally(("streamed", "cut"))
    deadline = time.monotonic() + seconds
    started = time.monotonic()
    await asyncio.gather(*(worker(n, host, int(port), path, status, chunks, deadline, tally) for n in range(connections)))
    tally.report(time.monotonic() - started)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4])))
