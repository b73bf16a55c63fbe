# A running process's CPU time and peak memory, from /proc. Sourced by the benchmarks.

# cpu_ticks PID: user + system CPU time of every thread of the process so far, in clock ticks.
cpu_ticks() {
    sed 's/^.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'
}

# user_ticks PID: the user part of cpu_ticks: the server's own code, where system time is the kernel's work for it.
user_ticks() {
    sed 's/^.*) //' "/proc/$1/stat" | awk '{ print $12 }'
}

# peak_kib PID: the process's peak resident memory (VmHWM), KiB.
peak_kib() {
    awk '/VmHWM/ { print $2 }' "/proc/$1/status"
}
