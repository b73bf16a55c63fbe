"""What the Python phases of scripts/soak count, and how they print it: the form of scripts/lib/soak.lua
(`soak-result …` lines), which scripts/soak reads for every phase alike."""

import asyncio


class Tally:
    """Turns by kind (sent, and of those the ones that went as expected), socket errors, unexpected outcomes with the
    first one as a sample, and the latency of each turn in ms."""

    def __init__(self, kinds):
        self.kinds = kinds
        self.sent = {kind: 0 for kind in kinds}
        self.expected = {kind: 0 for kind in kinds}
        self.errors = {"connect": 0, "read": 0, "write": 0, "timeout": 0}
        self.unexpected = 0
        self.sample = ""
        self.latencies = []

    async def connected(self, connecting):
        """Awaits `connecting` (10 s at most): the connection, or None when it failed, counted as a socket error."""
        try:
            return await asyncio.wait_for(connecting, 10)
        except asyncio.TimeoutError:
            self.errors["timeout"] += 1
        except OSError:
            self.errors["connect"] += 1
        return None

    def miss(self, why):
        self.unexpected += 1
        if not self.sample:
            self.sample = why

    def report(self, elapsed):
        latencies = sorted(self.latencies) or [0.0]

        def percentile(fraction):
            return latencies[min(len(latencies) - 1, int(fraction * len(latencies)))]

        print("soak-result requests %d seconds %.1f" % (sum(self.sent.values()), elapsed))
        print("soak-result socket-errors connect %d read %d write %d timeout %d" % (
            self.errors["connect"], self.errors["read"], self.errors["write"], self.errors["timeout"]))
        print("soak-result latency p50 %.2f p99 %.2f max %.2f" % (percentile(0.5), percentile(0.99), latencies[-1]))
        for kind in self.kinds:
            print("soak-result kind %s sent %d expected %d" % (kind, self.sent[kind], self.expected[kind]))
        print("soak-result unexpected %d" % self.unexpected)
        if self.sample:
            print("soak-result sample " + self.sample.replace("\n", " "))
