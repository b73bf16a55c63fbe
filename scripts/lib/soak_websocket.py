"""The WebSocket phase of scripts/soak: recorded conversations replayed over and over by many clients at once.

    soak_websocket.py cassette FILE                      write the phase's cassette: one conversation of JSON events
    soak_websocket.py URL FILE SECONDS CONNECTIONS       replay it until SECONDS have passed

CONNECTIONS workers, each holding one conversation at a time, on a new connection each time. Of every eight turns of a
worker: six play the conversation to its recorded end (every server message must be the recorded one, in order and of
the recorded frame kind, then the recorded close: 1000 "done"); one sends a changed message after the first answer
(the server must close with 1008); one leaves mid-conversation without a close frame (a reset, as a killed client
does). Prints the figures in the form of scripts/lib/soak.lua (`soak-result …` lines); latency is that of a whole
conversation.
"""

import asyncio
import json
import socket
import struct
import sys
import time

import websockets
from websockets.exceptions import ConnectionClosed

from soak_tally import Tally

TURNS = 5


def write_cassette(path):
    messages = [{"from": "server", "atMs": 2, "json": {"type": "session.created", "session": "s1"}}]
    at = 2
    for turn in range(TURNS):
        at += 5
        messages.append({"from": "client", "atMs": at, "json": {"type": "input", "n": turn, "text": "hello %d" % turn}})
        for part in range(3):
            at += 10
            messages.append({"from": "server", "atMs": at, "json": {"type": "delta", "n": turn, "part": part}})
        at += 1
        messages.append({"from": "server", "atMs": at, "base64": "AAECAwQ="})
    cassette = {
        "mockapi": 1,
        "source": "scripts/lib/soak_websocket.py: a generated conversation of JSON events",
        "interactions": [{
            "request": {"method": "GET", "path": "/v1/realtime", "headers": [], "body": None},
            "response": {"status": 101, "headers": [["Upgrade", "websocket"], ["Connection", "Upgrade"]], "body": None},
            "webSocket": {"messages": messages, "close": {"from": "server", "atMs": at + 5, "code": 1000, "reason": "done"}},
        }],
    }
    with open(path, "w") as file:
        json.dump(cassette, file, indent=2)


def script(path):
    """The client's messages, each with the server's answers after it (text as str, binary as bytes)."""
    conversation = json.load(open(path))["interactions"][0]["webSocket"]
    opening, turns = [], []
    for message in conversation["messages"]:
        if "json" in message:
            payload = json.dumps(message["json"], separators=(",", ":"))
        else:
            import base64
            payload = base64.b64decode(message["base64"])
        if message["from"] == "client":
            turns.append((payload, []))
        elif turns:
            turns[-1][1].append(payload)
        else:
            opening.append(payload)
    return opening, turns


async def expect(connection, wanted, tally):
    for payload in wanted:
        got = await asyncio.wait_for(connection.recv(), 10)
        if got != payload:
            tally.miss("got %r, recorded %r" % (got[:60], payload[:60]))
            return False
    return True


async def one_conversation(url, opening, turns, kind, tally):
    tally.sent[kind] += 1
    started = time.monotonic()
    connection = await tally.connected(websockets.connect(url, max_size=None, ping_interval=None))
    if connection is None:
        return
    try:
        if not await expect(connection, opening, tally):
            return
        for number, (message, answers) in enumerate(turns):
            if kind == "changed" and number == 1:
                await connection.send(message.replace('"n":1', '"n":99'))
                try:
                    extra = await asyncio.wait_for(connection.recv(), 10)
                    tally.miss("a changed message was answered %r" % extra[:60])
                except ConnectionClosed as closed:
                    if closed.rcvd is None or closed.rcvd.code != 1008 or "$.n" not in closed.rcvd.reason:
                        tally.miss("a changed message closed with %r" % closed.rcvd)
                    else:
                        tally.expected[kind] += 1
                return
            if kind == "left" and number == 2:
                # SO_LINGER with a zero timeout: the close sends a reset, as a killed client's does.
                raw = connection.transport.get_extra_info("socket")
                raw.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                connection.transport.abort()
                tally.expected[kind] += 1
                return
            await connection.send(message)
            if not await expect(connection, answers, tally):
                return
        try:
            extra = await asyncio.wait_for(connection.recv(), 10)
            tally.miss("a message after the recording's last: %r" % extra[:60])
        except ConnectionClosed as closed:
            if closed.rcvd is None or (closed.rcvd.code, closed.rcvd.reason) != (1000, "done"):
                tally.miss("closed with %r, recorded 1000 done" % closed.rcvd)
                return
            tally.expected[kind] += 1
            tally.latencies.append((time.monotonic() - started) * 1000)
    except asyncio.TimeoutError:
        tally.errors["timeout"] += 1
    except (OSError, ConnectionClosed) as error:
        tally.errors["read"] += 1
        if not tally.sample:
            tally.sample = "read: %r" % error
    finally:
        if kind != "left":
            await connection.close()


async def worker(number, url, opening, turns, deadline, tally):
    turn = 0
    while time.monotonic() < deadline:
        turn += 1
        kind = {0: "changed", 4: "left"}.get((turn + number) % 8, "whole")
        await one_conversation(url, opening, turns, kind, tally)


async def main(url, cassette, seconds, connections):
    opening, turns = script(cassette)
    target = "ws" + url[len("http"):].rstrip("/") + json.load(open(cassette))["interactions"][0]["request"]["path"]
    tally = Tally(("whole", "changed", "left"))
    deadline = time.monotonic() + seconds
    started = time.monotonic()
    await asyncio.gather(*(worker(n, target, opening, turns, deadline, tally) for n in range(connections)))
    tally.report(time.monotonic() - started)


if __name__ == "__main__":
    if sys.argv[1] == "cassette":
        write_cassette(sys.argv[2])
    else:
        asyncio.run(main(sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4])))
