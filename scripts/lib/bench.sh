# Helpers for scripts/bench and the benchmarks it runs: the recorded interaction they serve, the binaries they measure,
# starting servers, running wrk, medians and whether a figure meets its target (a process's CPU time and peak memory
# are in process_stats.sh, which this sources).
# Sourced, not run, after scripts/lib/setup.sh; `measure` reads $seconds (wrk's seconds a run) from the caller.

source "$repo_root/scripts/lib/process_stats.sh"

# A scratch directory, and the servers `start` started (killed on exit, if still running): both gone when the
# script exits, however it exits.
work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

# need_tools COMMAND[:PACKAGE]...: installs (apt) the package of each command that is not on the PATH (the package
# is the command's name unless given).
need_tools() {
    local missing=() tool
    for tool in "$@"; do command -v "${tool%%:*}" >/dev/null 2>&1 || missing+=("${tool#*:}"); done
    apt_install "${missing[@]}"
}

# The read end of each running server's stdout pipe, by PID: held open so the server never writes to a closed pipe,
# and closed by stop_server.
declare -A pipe_of=()

# The recorded interaction the replay benchmarks serve: GitHub's GET /repos/{owner}/{repo} from octokit/fixtures.
cassette="$repo_root/Fixtures/github/get-repository.json"
target_path="/repos/octokit-fixture-org/hello-world"

# release_mockapi: sets $mockapi to $BENCH_MOCKAPI, or to the release binary, built first.
release_mockapi() {
    mockapi=${BENCH_MOCKAPI:-}
    if [ -z "$mockapi" ]; then
        say "bench: building release binaries"
        build_release_binary
        mockapi="$repo_root/.build/release/mockapi"
    fi
}

# fetch_answer MOCKAPI: the answer MOCKAPI serves from $cassette for $target_path, in $work/headers and $work/body:
# the bytes the C server is given to serve.
fetch_answer() {
    start answer "$1" serve "$cassette" --port 0 --log-level error
    curl -s -D "$work/headers" -o "$work/body" "$url$target_path"
    stop_server "$pid"
}

# build_baseline OUT: compiles the C fixed-buffer server (Benchmarks/fixed-buffer-server.c) to OUT.
build_baseline() {
    cc -O2 -o "$1" "$repo_root/Benchmarks/fixed-buffer-server.c" $(pkg-config --cflags --libs libmicrohttpd) -lpthread
}

# start NAME COMMAND...: starts a server, waits for its first stdout line (its URL, http or https), sets $url and $pid.
start() {
    local name=$1; shift
    mkfifo "$work/$name.fifo"
    "$@" >"$work/$name.fifo" 2>"$work/$name.err" &
    pid=$!
    pids+=("$pid")
    local line
    read -r line <"$work/$name.fifo" || { say "bench: $name did not start: $(cat "$work/$name.err")"; exit 1; }
    local keep
    exec {keep}<"$work/$name.fifo"
    pipe_of[$pid]=$keep
    url=$(grep -oE 'https?://[0-9.:]*' <<<"$line" | head -1)
}

# stop_server PID: stops a server started by `start`, closes its pipe and forgets it, so that the exit trap never
# signals a process that has since taken its number.
stop_server() {
    kill "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
    if [ -n "${pipe_of[$1]:-}" ]; then exec {pipe_of[$1]}<&-; unset "pipe_of[$1]"; fi
    local kept=() started_pid
    for started_pid in "${pids[@]}"; do [ "$started_pid" = "$1" ] || kept+=("$started_pid"); done
    pids=("${kept[@]}")
}

# measure URL CONNECTIONS PID: one wrk run against the server PID; prints "requests/s p50_ms p99_ms cpu_us_per_request
# user_us_per_request". One wrk thread at every connection count, as in the plain `wrk -t1` comparison the targets
# are stated against.
measure() {
    local before after user_before user_after
    before=$(cpu_ticks "$3"); user_before=$(user_ticks "$3")
    wrk -t1 -c"$2" -d"${seconds}s" --latency "$1$target_path" >"$work/wrk.txt"
    after=$(cpu_ticks "$3"); user_after=$(user_ticks "$3")
    awk -v ticks=$((after - before)) -v user=$((user_after - user_before)) -v hz="$(getconf CLK_TCK)" '
        function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
        $1 == "50%" { p50 = ms($2) } $1 == "99%" { p99 = ms($2) } $1 == "Requests/sec:" { rps = $2 }
        $2 == "requests" && $3 == "in" { requests = $1 }
        / Socket errors:/ { errors = $0 }
        END {
            cpu = 0; own = 0; if (requests > 0) { cpu = ticks * 1e6 / hz / requests; own = user * 1e6 / hz / requests }
            printf "%.0f %.3f %.3f %.2f %.2f\n", rps, p50, p99, cpu, own
            if (errors != "") print errors > "/dev/stderr"
        }' "$work/wrk.txt"
}

# median of the values on stdin
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# column N FILE: the median of column N of FILE.
column() { cut -d' ' -f"$1" "$2" | median; }

# ratio A B: A / B to two decimals.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { r = 0; if (b > 0) r = a / b; printf "%.2f", r }'; }

# verdict VALUE OP TARGET: "ok" when VALUE OP TARGET holds (OP is >= or <=), else "MISSED".
verdict() {
    awk -v v="$1" -v op="$2" -v t="$3" 'BEGIN {
        if (v !~ /^[0-9.]+$/) { print "not measured"; exit }
        ok = (op == ">=") ? v >= t : v <= t; print ok ? "ok" : "MISSED" }'
}

# by_server TITLE FIELD all|median: one line, "TITLE label values; label values…", of field FIELD of each server's
# runs at the connection count `compare` is measuring (its $labels, $last and $work/m.INDEX): every run's value in
# run order, or their median.
by_server() {
    local line=$1 separator="" index values
    for index in $(seq 0 "$last"); do
        if [ "$3" = all ]; then
            values=$(cut -d' ' -f"$2" "$work/m.$index" | paste -sd' ')
        else
            values=$(column "$2" "$work/m.$index")
        fi
        line+="$separator ${labels[$index]} $values"
        separator=";"
    done
    echo "$line"
}

# compare LABEL START [LABEL START]...: each START is a function that starts a fresh server and sets $url and $pid; the
# first pair is the baseline. At 1, 32 and 256 connections, each round starts every server afresh, warms it for a second
# at that connection count and measures it, the baseline first, so that every server sees the same phases of a noisy
# machine, and the median is over process starts as well as rounds: a process keeps for its life the luck of where its
# code and data fell in the caches, which moved one-connection CPU figures by a few per cent from one run to the next.
# Prints one table row per server and connection count (grouped by server) with the requests/s ratio (target >= 0.85)
# and the CPU-per-request ratio (<= 1.18, its inverse) against the baseline's median of the same rounds, then the user
# part of each server's CPU time; leaves each server's peak memory (VmHWM, KiB, after its last run) in $work/peak.INDEX.
compare() {
    local labels=() starters=() connections index last
    while [ $# -gt 0 ]; do labels+=("$1"); starters+=("$2"); shift 2; done
    last=$((${#labels[@]} - 1))
    for index in $(seq 1 "$last"); do : >"$work/rows.$index"; done
    : >"$work/users"
    for connections in 1 32 256; do
        for index in $(seq 0 "$last"); do : >"$work/m.$index"; done
        for _ in $(seq "$rounds"); do
            for index in $(seq 0 "$last"); do
                "${starters[$index]}"
                # Warmed at the connection count measured: its connections open and their memory touched.
                wrk -t1 -c"$connections" -d1s "$url$target_path" >/dev/null
                measure "$url" "$connections" "$pid" >>"$work/m.$index"
                peak_kib "$pid" >"$work/peak.$index"
                stop_server "$pid"
            done
        done
        by_server "$connections:" 5 median >>"$work/users"
        local b="$work/m.0" br bcpu
        br=$(column 1 "$b"); bcpu=$(column 4 "$b")
        for index in $(seq 1 "$last"); do
            local m="$work/m.$index" mr mcpu rps_ratio cpu_ratio
            mr=$(column 1 "$m"); mcpu=$(column 4 "$m")
            rps_ratio=$(ratio "$mr" "$br"); cpu_ratio=$(ratio "$mcpu" "$bcpu")
            printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s %s | %s %s |\n' "${labels[$index]}" "$connections" \
                "$mr" "$(column 2 "$m")" "$(column 3 "$m")" "$mcpu" \
                "$br" "$(column 2 "$b")" "$(column 3 "$b")" "$bcpu" \
                "$rps_ratio" "$(verdict "$rps_ratio" '>=' 0.85)" "$cpu_ratio" "$(verdict "$cpu_ratio" '<=' 1.18)" \
                >>"$work/rows.$index"
        done
    done
    for index in $(seq 1 "$last"); do cat "$work/rows.$index"; done
    echo
    echo "Of the CPU µs a request, the user time (the server's own code; the rest is the kernel's work for it, which"
    echo "moves with where the kernel runs the busy threads), median of the rounds, by connections:"
    sed 's/^/    /' "$work/users"
}

# first_request_ms URL: the time of one curl request in ms (connection included); fails unless it answers 200.
first_request_ms() {
    local answer
    answer=$(curl -s -o /dev/null -w '%{http_code} %{time_total}' "$1")
    [ "${answer%% *}" = 200 ] || { say "bench: $1 answered ${answer%% *}"; exit 1; }
    awk -v s="${answer#* }" 'BEGIN { printf "%.1f", s * 1000 }'
}

# serve_timed NAME FOLDER: starts `mockapi serve FOLDER` and sets $ready_ms to the milliseconds from start to its
# first line (it prints its URL once it answers), and $pid and $url; the server keeps running.
serve_timed() {
    local started
    started=$(date +%s%N)
    start "$1" "$mockapi" serve "$2" --port 0 --log-level error
    ready_ms=$(( ($(date +%s%N) - started) / 1000000 ))
}
