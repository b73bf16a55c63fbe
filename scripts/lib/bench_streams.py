"""How closely `mockapi serve --stream-timing recorded` keeps a stream's recorded gaps.

    bench_streams.py cassette FILE           writes a cassette: one Server-Sent Events answer of 21 chunks whose gaps
                                             cycle through 5, 20, 50, 13 and 100 ms (748 ms a stream)
    bench_streams.py measure URL STREAMS ROUNDS
                                             opens STREAMS streams at once, ROUNDS times, reads each chunk as it
                                             arrives, and prints the error of every gap (arrival gap minus recorded
                                             gap, in ms) as p50 and p99 of its absolute value, and the worst

A plain asyncio client on loopback: each connection sends one GET and reads the chunked answer; a chunk's arrival is
the moment its size line is read. The first chunk's arrival is the reference (the head and the first chunk come
together), so only gaps are compared, never the absolute start.
"""

import asyncio
import json
import sys
import time

GAPS_MS = [5, 20, 50, 13, 100]
CHUNKS = 21
PATH = "/v1/chat/completions"


def recorded_times():
    times, at = [], 0
    for index in range(CHUNKS):
        times.append(at)
        at += GAPS_MS[index % len(GAPS_MS)]
    return times


def write_cassette(path):
    chunks = [
        {"atMs": at, "text": 'data: {"index":%d,"delta":"token %d"}\n\n' % (index, index)}
        for index, at in enumerate(recorded_times())
    ]
    chunks[-1]["text"] = "data: [DONE]\n\n"
    cassette = {
        "mockapi": 1,
        "interactions": [
            {
                "request": {"method": "GET", "path": PATH},
                "response": {
                    "status": 200,
                    "headers": [["content-type", "text/event-stream"], ["cache-control", "no-cache"]],
                    "body": {"chunks": chunks},
                },
                "upstream": "https://llm.example",
                "recordedAt": "2026-11-27T00:00:00Z",
                "durationMs": recorded_times()[-1],
            }
        ],
    }
    with open(path, "w") as out:
        json.dump(cassette, out, indent=2)


async def one_stream(host, port):
    """The arrival time (ns, monotonic) of each chunk of one stream."""
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(("GET %s HTTP/1.1\r\nHost: %s:%d\r\nConnection: close\r\n\r\n" % (PATH, host, port)).encode())
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 200"):
        raise RuntimeError("unexpected answer: %r" % head[:80])
    arrivals = []
    while True:
        size_line = await reader.readline()
        arrived = time.monotonic_ns()
        size = int(size_line.split(b";")[0], 16)
        if size == 0:
            break
        await reader.readexactly(size + 2)
        arrivals.append(arrived)
    writer.close()
    return arrivals


async def measure(url, streams, rounds):
    host, port = url.split("//")[1].split(":")
    port = int(port.rstrip("/"))
    recorded = recorded_times()
    errors = []
    for _ in range(rounds):
        results = await asyncio.gather(*(one_stream(host, port) for _ in range(streams)))
        for arrivals in results:
            if len(arrivals) != CHUNKS:
                raise RuntimeError("a stream had %d chunks, not %d" % (len(arrivals), CHUNKS))
            for index in range(1, CHUNKS):
                measured = (arrivals[index] - arrivals[index - 1]) / 1e6
                errors.append(measured - (recorded[index] - recorded[index - 1]))
    magnitudes = sorted(abs(error) for error in errors)

    def percentile(fraction):
        return magnitudes[min(len(magnitudes) - 1, int(fraction * len(magnitudes)))]

    late = sum(1 for error in errors if error > 0) * 100 / len(errors)
    print("gaps %d p50 %.3f p99 %.3f max %.3f late %.0f%%" % (
        len(errors), percentile(0.5), percentile(0.99), magnitudes[-1], late))


if __name__ == "__main__":
    if sys.argv[1] == "cassette":
        write_cassette(sys.argv[2])
    else:
        asyncio.run(measure(sys.argv[2], int(sys.argv[3]), int(sys.argv[4])))
