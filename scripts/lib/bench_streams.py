"""The timed stream of `scripts/bench streams` and the streaming phase of `scripts/soak`.

    bench_streams.py cassette FILE           writes a cassette: one Server-Sent Events answer of 21 chunks whose gaps
                                             cycle through 5, 20, 50, 13 and 100 ms (748 ms a stream)

Benchmarks/stream-gap-client.c (which measures the gaps) and Benchmarks/timed-stream-server.c (the floor) know the same
stream: change the three together.
"""

import json
import sys

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


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] != "cassette":
        sys.exit("usage: bench_streams.py cassette FILE")
    write_cassette(sys.argv[2])
