"""What scripts/bench-verdicts runs under Python: from many measured rounds, how often scripts/bench's verdicts miss.

  bench_verdicts.py RUNS SECONDS
      RUNS holds one line a run: "SERVER CONNECTIONS" (SERVER: baseline, again or mockapi) and what `measure` in
      scripts/lib/bench.sh prints ("requests/s p50 p99 cpu_us split user_us"). For each connection count, prints the
      mean ratios of `again` (the C server against itself) and `mockapi` to `baseline`, and the share of drawn runs of
      scripts/bench in which each would miss a target: three runs of each server drawn with replacement, the ratio of
      their medians to two decimals (what scripts/bench prints and judges), requests/s below 0.92 or CPU above 1.1.
"""
import collections
import random
import statistics
import sys
import textwrap

DRAWS = 50_000
ROUNDS_A_RUN = 3  # scripts/bench's median of 3 rounds
# scripts/bench's targets (its `verdict` calls): requests/s ratio at least this, CPU ratio at most this.
RPS_TARGET = 0.92
CPU_TARGET = 1.1


def drawn_run(runs, baseline):
    """The two ratios of a drawn run of scripts/bench, both from the same three runs of each server: their medians'
    ratios, to two decimals (what scripts/bench prints and judges)."""
    mine = random.choices(runs, k=ROUNDS_A_RUN)
    theirs = random.choices(baseline, k=ROUNDS_A_RUN)
    def ratio(field):
        return statistics.median(run[field] for run in mine) / statistics.median(run[field] for run in theirs)
    return float(f"{ratio('rps'):.2f}"), float(f"{ratio('cpu'):.2f}")


def misses(runs, baseline):
    """Shares of drawn runs missing the requests/s target, the CPU target, and either."""
    rps = cpu = either = 0
    for _ in range(DRAWS):
        rps_ratio, cpu_ratio = drawn_run(runs, baseline)
        low, high = rps_ratio < RPS_TARGET, cpu_ratio > CPU_TARGET
        rps += low
        cpu += high
        either += low or high
    return rps / DRAWS, cpu / DRAWS, either / DRAWS


def main(path, seconds):
    runs = collections.defaultdict(list)
    for line in open(path):
        fields = line.split()
        server, connections = fields[0], int(fields[1])
        runs[connections, server].append(
            {"rps": float(fields[2]), "cpu": float(fields[5]), "user": float(fields[7])})
    random.seed(1)  # the same draws for the same rounds
    rounds = len(runs[next(iter(runs))])
    print(textwrap.fill(
        f"how often a run of scripts/bench would miss, drawn from {rounds} rounds a connection count "
        f"(wrk {seconds} s a run, each on a server started afresh); a run misses when the ratio of its medians of 3 "
        f"is below {RPS_TARGET} in requests/s or above {CPU_TARGET} in CPU; {DRAWS:,} runs drawn. \"C server again\" "
        "is the C server against itself: what the machine alone makes of these targets. From a dozen or two rounds, "
        "the shares are rough (another set of rounds moves them by several points): compare the two servers' rows.",
        width=100))
    print()
    print("| conns | server | mean req/s ratio | mean CPU ratio | user µs (baseline) | misses req/s | misses CPU "
          "| misses either |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|")
    for connections in sorted({key[0] for key in runs}):
        baseline = runs[connections, "baseline"]
        for server, label in (("again", "C server again (A/A)"), ("mockapi", "mockapi")):
            mine = runs[connections, server]
            mean = {field: statistics.mean(run[field] for run in mine) / statistics.mean(run[field] for run in baseline)
                    for field in ("rps", "cpu")}
            user = statistics.mean(run["user"] for run in mine)
            base_user = statistics.mean(run["user"] for run in baseline)
            rps, cpu, either = misses(mine, baseline)
            print(f"| {connections} | {label} | {mean['rps']:.3f} | {mean['cpu']:.3f} | {user:.2f} ({base_user:.2f}) | "
                  f"{rps:.0%} | {cpu:.0%} | {either:.0%} |")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
