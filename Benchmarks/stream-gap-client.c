/*
 * The measuring client of `scripts/bench streams`: how closely a server keeps the recorded gaps of the stream that
 * scripts/lib/bench_streams.py writes (21 Server-Sent Events whose gaps cycle through 5, 20, 50, 13 and 100 ms, each
 * event one HTTP/1.1 chunk).
 *
 *   stream-gap-client [--keep-alive] URL STREAMS ROUNDS [TIMEOUT_SECONDS]
 *   stream-gap-client hold      turns the kernel's receive stamps on, prints "holding", and keeps them on until killed
 *
 * URL is http://127.0.0.1:PORT (loopback only). Each round opens STREAMS connections at once, sends each one GET,
 * and reads them all with one epoll loop until every stream has ended; then the next round. The GET asks
 * `Connection: close`, so the server closes each connection as its stream ends. With --keep-alive it does not (the
 * HTTP/1.1 connection stays open, as browsers' EventSource and the LLM SDKs keep theirs): the client reads the end of
 * the chunked body too (the zero-size chunk and the empty trailer), fails if the answer says `Connection: close`, and
 * closes the round's connections itself once every stream of the round has ended (each round opens new ones).
 * Prints one line:
 *
 *   gaps N p50 MS p99 MS max MS late PERCENT% unstamped N client-lag-p99 MS left-out N
 *
 * the error of every gap measured (a chunk's arrival gap minus its recorded gap): the p50, p99 and largest of its
 * absolute value, the share of gaps longer than recorded; then how many reads had no kernel timestamp, the p99 of how
 * long after its kernel timestamp this client read a chunk (its own lateness, which the figures before it do not
 * contain), and how many gaps were left out because this client read a chunk so late that its stamp is not its own
 * (see take_queued).
 * Exits 1 with a message when the server answers anything else than the recorded stream, or when TIMEOUT_SECONDS
 * (default 30; for the whole run, every round included) pass before the last round ends.
 *
 * A chunk's arrival is the kernel's receive timestamp (SO_TIMESTAMPNS) of the read that completes it. On loopback the
 * kernel stamps a segment when it enters the receive path, within the server's send call (loopback_xmit clears the
 * sender's stamp so that netif_rx stamps it afresh), so the figures do not depend on when this client gets to run.
 * Linux delivers the stamp for TCP (an SCM_TIMESTAMPNS control message from recvmsg; every read stamped on the bench
 * machine's kernel 6.18): it is the stamp of the last segment the read took bytes from. So that a read never spans two chunks, which would give the earlier chunk
 * the later one's stamp, the client first looks at the queued bytes (MSG_PEEK) and then reads exactly one unit (the
 * response head, or one chunk with its size line and CRLF). A read that comes back without the control message is
 * stamped with the client's own clock right after it and counted as unstamped. The stamps are CLOCK_REALTIME (what
 * SO_TIMESTAMPNS gives), so the fallback uses that clock too; only differences of under a second are taken.
 *
 * Run `stream-gap-client hold` for as long as a series of measurements lasts. Linux stamps packets only while some
 * socket asks for stamps, and switches that on or off system-wide (as the first such socket opens and the last one
 * closes) from a work queue, by patching kernel code (a static key). Without a holder, on the 2-core VM, the servers
 * and this client alike stalled for 20 to 50 ms early in the next run: the third chunk of up to all 100 streams of its
 * first round, in 11 of 24 runs, and none of 10 with a holder (that the switching causes it is inferred, not traced).
 * That alone set the p99 of 100 streams.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

enum { CHUNKS = 21, PEEK_BYTES = 64 << 10 };
static const long gaps_ms[] = {5, 20, 50, 13, 100};
static const char path[] = "/v1/chat/completions";

/* One connection: what it waits for next, and the arrival of each chunk so far (ns, CLOCK_REALTIME). */
struct stream {
    int fd;
    enum { HEAD, CHUNK, ENDED } waiting;
    int chunks;
    long long arrivals[CHUNKS];
    /* Whether the next chunk was already queued right after this one was read (see take_queued). */
    char overtaken[CHUNKS];
};

static void fail(const char *what) {
    fprintf(stderr, "stream-gap-client: %s\n", what);
    exit(1);
}

static long long nanoseconds(const struct timespec *time) { return time->tv_sec * 1000000000LL + time->tv_nsec; }

static long long now_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    return nanoseconds(&now);
}

/* The text chunk INDEX of the recorded stream (as bench_streams.py writes it), in BUFFER; its length. */
static int expected_chunk(int index, char *buffer, size_t capacity) {
    if (index == CHUNKS - 1) return snprintf(buffer, capacity, "data: [DONE]\n\n");
    return snprintf(buffer, capacity, "data: {\"index\":%d,\"delta\":\"token %d\"}\n\n", index, index);
}

/* Counters the whole run shares: reads without a kernel stamp, and each chunk's client lag (ns). */
static long unstamped;
static long long *lags;
static long lag_count;
/* Whether the requests leave the connection open (--keep-alive) rather than ask `Connection: close`. */
static int keep_alive;

/* Reads exactly LENGTH bytes (known to be queued) from FD into BUFFER; returns their kernel receive time (ns). */
static long long read_unit(int fd, char *buffer, size_t length) {
    char control[CMSG_SPACE(sizeof(struct timespec))];
    struct iovec vector = {.iov_base = buffer, .iov_len = length};
    struct msghdr message = {.msg_iov = &vector, .msg_iovlen = 1, .msg_control = control,
                             .msg_controllen = sizeof control};
    ssize_t got = recvmsg(fd, &message, MSG_WAITALL);
    long long read_at = now_ns();
    if (got != (ssize_t)length) fail("a read returned fewer bytes than were queued");
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level == SOL_SOCKET && header->cmsg_type == SCM_TIMESTAMPNS) {
            struct timespec stamp;
            memcpy(&stamp, CMSG_DATA(header), sizeof stamp);
            lags[lag_count++] = read_at - nanoseconds(&stamp);
            return nanoseconds(&stamp);
        }
    }
    unstamped += 1;
    return read_at;
}

/*
 * Takes every complete unit queued on STREAM's socket; returns once it must wait for more bytes or the stream ended.
 *
 * A chunk is marked overtaken when bytes of the next data chunk were queued right after it was read. The kernel then
 * may have merged the next chunk's segment into this one's while it waited unread, and a merged segment keeps the
 * later stamp: this chunk's arrival is not known, and the two gaps it ends and starts are left out (and counted). It
 * happens only when this client is a whole gap late; the zero-size last chunk, sent with the last event, does not
 * count.
 */
static void take_queued(struct stream *stream) {
    static char queued[PEEK_BYTES];
    int just_read = -1; /* the chunk read in the previous turn of the loop, if any */
    while (stream->waiting != ENDED) {
        ssize_t peeked = recv(stream->fd, queued, sizeof queued - 1, MSG_PEEK | MSG_DONTWAIT);
        if (peeked < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
        if (peeked < 0) fail("a read failed");
        if (peeked == 0) fail("the server closed a stream before its last chunk");
        queued[peeked] = '\0';
        if (just_read >= 0 && strncmp(queued, "0\r\n", 3) != 0) stream->overtaken[just_read] = 1;
        just_read = -1;
        if (stream->waiting == HEAD) {
            char *end = strstr(queued, "\r\n\r\n");
            if (!end) return;
            if (strncmp(queued, "HTTP/1.1 200", 12) != 0) fail("the answer is not HTTP/1.1 200");
            *end = '\0'; /* look at the head only */
            if (!strcasestr(queued, "transfer-encoding: chunked")) fail("the answer is not chunked");
            if (keep_alive && strcasestr(queued, "connection: close"))
                fail("the server answered a keep-alive request with Connection: close");
            read_unit(stream->fd, queued, (size_t)(end + 4 - queued));
            stream->waiting = CHUNK;
            continue;
        }
        /* A chunk: its size in hex (extensions after ';' ignored), CRLF, the bytes, CRLF. */
        char *line_end = strstr(queued, "\r\n");
        if (!line_end) return;
        char *after_size;
        long size = strtol(queued, &after_size, 16);
        if (after_size == queued || (*after_size != '\r' && *after_size != ';')) fail("a chunk size line is not hex");
        if (size == 0) { /* the last chunk: the stream is over */
            if (stream->chunks != CHUNKS) fail("a stream ended with a different number of chunks than recorded");
            if (keep_alive) { /* the connection stays open: the body ends with the empty trailer, read it too */
                if (peeked < 5) return;
                if (strncmp(queued, "0\r\n\r\n", 5) != 0) fail("the last chunk has trailers or extensions");
                read_unit(stream->fd, queued, 5);
            }
            stream->waiting = ENDED;
            return;
        }
        size_t unit = (size_t)(line_end + 2 - queued) + (size_t)size + 2;
        if ((ssize_t)unit > peeked) {
            if (unit >= sizeof queued) fail("a chunk is larger than the recorded ones");
            return;
        }
        long long arrived = read_unit(stream->fd, queued, unit);
        char expected[128];
        int expected_length = expected_chunk(stream->chunks, expected, sizeof expected);
        if (stream->chunks == CHUNKS || size != expected_length
            || memcmp(line_end + 2, expected, (size_t)size) != 0)
            fail("a chunk is not the recorded event (one HTTP chunk an event is expected)");
        just_read = stream->chunks;
        stream->arrivals[stream->chunks++] = arrived;
    }
}

/*
 * Turns the kernel's receive stamps on before the run and keeps them on. Linux stamps arriving packets only while
 * some socket asks for stamps, and switches that on (and off, when the last such socket closes) a little later, from
 * a work queue: so the first packets after a round's sockets open could go unstamped. A loopback TCP pair with
 * SO_TIMESTAMPNS stays open for the run, and one byte goes through it until it comes back stamped (at most a second);
 * if it never does, the kernel does not stamp TCP here, and every arrival is the client's own clock (counted as
 * unstamped, and said on stderr).
 */
static void keep_stamps_on(void) {
    int on = 1, listener = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t length = sizeof address;
    if (listener < 0 || bind(listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(listener, 1) != 0
        || getsockname(listener, (struct sockaddr *)&address, &length) != 0)
        fail("could not open a loopback listener");
    int sender = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (sender < 0 || connect(sender, (struct sockaddr *)&address, sizeof address) != 0)
        fail("loopback connect failed");
    int receiver = accept(listener, NULL, NULL);
    if (receiver < 0 || setsockopt(receiver, SOL_SOCKET, SO_TIMESTAMPNS, &on, sizeof on) != 0)
        fail("SO_TIMESTAMPNS refused");
    close(listener);
    long before = unstamped;
    long long until = now_ns() + 1000000000LL;
    char byte = 0;
    do {
        if (send(sender, &byte, 1, MSG_NOSIGNAL) != 1) fail("loopback send failed");
        before = unstamped;
        read_unit(receiver, &byte, 1);
    } while (unstamped > before && now_ns() < until);
    if (unstamped > before) fprintf(stderr, "stream-gap-client: the kernel does not stamp TCP reads here; the client's"
                                            " clock times every arrival\n");
    unstamped = 0;
    lag_count = 0;
    /* sender and receiver stay open until the process ends */
}

/* Opens STREAMS connections to ADDRESS, sends each the GET, and reads them until all have ended or DEADLINE. */
static void one_round(const struct sockaddr_in *address, struct stream *streams, int count, long long deadline_ns) {
    int poll = epoll_create1(0);
    if (poll < 0) fail("epoll_create1 failed");
    char request[256];
    int request_length = snprintf(request, sizeof request, "GET %s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\n%s\r\n", path,
                                  ntohs(address->sin_port), keep_alive ? "" : "Connection: close\r\n");
    int on = 1;
    for (int index = 0; index < count; index++) { /* connect all first: loopback handshakes complete in the kernel */
        struct stream *stream = &streams[index];
        *stream = (struct stream){.waiting = HEAD};
        stream->fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (stream->fd < 0) fail("socket failed (too many streams for the descriptor limit?)");
        if (setsockopt(stream->fd, SOL_SOCKET, SO_TIMESTAMPNS, &on, sizeof on) != 0) fail("SO_TIMESTAMPNS refused");
        if (connect(stream->fd, (const struct sockaddr *)address, sizeof *address) != 0) fail("connect failed");
    }
    for (int index = 0; index < count; index++) { /* then send every request, then read */
        if (send(streams[index].fd, request, (size_t)request_length, MSG_NOSIGNAL) != request_length)
            fail("sending a request failed");
        struct epoll_event event = {.events = EPOLLIN | EPOLLET, .data.ptr = &streams[index]};
        if (epoll_ctl(poll, EPOLL_CTL_ADD, streams[index].fd, &event) != 0) fail("epoll_ctl failed");
    }
    /* Edge-triggered: a wake-up for every segment that arrives, so a unit left incomplete is looked at again. */
    int open = count;
    struct epoll_event events[64];
    while (open > 0) {
        long long left_ms = (deadline_ns - now_ns()) / 1000000;
        if (left_ms <= 0) fail("timed out before every stream ended");
        int ready = epoll_wait(poll, events, 64, (int)left_ms);
        if (ready < 0 && errno == EINTR) continue;
        if (ready < 0) fail("epoll_wait failed");
        for (int index = 0; index < ready; index++) {
            struct stream *stream = events[index].data.ptr;
            if (stream->waiting == ENDED) continue;
            take_queued(stream);
            if (stream->waiting == ENDED) {
                epoll_ctl(poll, EPOLL_CTL_DEL, stream->fd, NULL);
                open -= 1;
            }
        }
    }
    /* Closed only now that every stream of the round has ended: closing one (the kernel's work for its FIN, on the
     * cores the server runs on) delayed the last chunks of the streams still running, the floor's by over 0.5 ms in
     * 30 to 130 of 500 last gaps at real-time priority; closed here, in 0 to 14. */
    for (int index = 0; index < count; index++) close(streams[index].fd);
    close(poll);
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int by_value_ll(const void *a, const void *b) {
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc == 2 && strcmp(argv[1], "hold") == 0) {
        lags = calloc(1, sizeof *lags);
        if (!lags) fail("out of memory");
        keep_stamps_on();
        printf("holding\n");
        fflush(stdout);
        for (;;) pause(); /* until SIGTERM */
    }
    if (argc > 1 && strcmp(argv[1], "--keep-alive") == 0) {
        keep_alive = 1;
        argv += 1;
        argc -= 1;
    }
    if (argc < 4)
        fail("usage: stream-gap-client [--keep-alive] http://127.0.0.1:PORT STREAMS ROUNDS [TIMEOUT_SECONDS]");
    unsigned port;
    if (sscanf(argv[1], "http://127.0.0.1:%u", &port) != 1 || port == 0 || port > 65535)
        fail("the URL must be http://127.0.0.1:PORT (loopback only)");
    int count = atoi(argv[2]), rounds = atoi(argv[3]);
    long timeout_s = argc > 4 ? atol(argv[4]) : 30;
    if (count < 1 || rounds < 1 || timeout_s < 1) fail("STREAMS, ROUNDS and TIMEOUT_SECONDS must be 1 or more");
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port),
                                  .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};

    long long recorded[CHUNKS], at = 0; /* each chunk's recorded time after the first, ms */
    for (int index = 0; index < CHUNKS; index++) {
        recorded[index] = at;
        at += gaps_ms[index % 5];
    }
    struct stream *streams = calloc((size_t)count, sizeof *streams);
    long total = (long)count * rounds * (CHUNKS - 1);
    double *errors = calloc((size_t)total, sizeof *errors);
    lags = calloc((size_t)count * rounds * (CHUNKS + 2), sizeof *lags); /* head, chunks, end of body */
    if (!streams || !errors || !lags) fail("out of memory");

    keep_stamps_on();
    long gaps = 0, late = 0, left_out = 0;
    long long deadline_ns = now_ns() + timeout_s * 1000000000LL;
    for (int round = 0; round < rounds; round++) {
        one_round(&address, streams, count, deadline_ns);
        for (int index = 0; index < count; index++) {
            for (int chunk = 1; chunk < CHUNKS; chunk++) {
                if (streams[index].overtaken[chunk - 1] || streams[index].overtaken[chunk]) {
                    left_out += 1;
                    continue;
                }
                double measured = (double)(streams[index].arrivals[chunk] - streams[index].arrivals[chunk - 1]) / 1e6;
                double error = measured - (double)(recorded[chunk] - recorded[chunk - 1]);
                if (error > 0) late += 1;
                errors[gaps++] = error < 0 ? -error : error;
            }
        }
    }
    qsort(errors, (size_t)gaps, sizeof *errors, by_value);
    qsort(lags, (size_t)lag_count, sizeof *lags, by_value_ll);
    long p50 = (long)(0.5 * gaps), p99 = (long)(0.99 * gaps), lag99 = (long)(0.99 * lag_count);
    if (gaps == 0) fail("every gap was left out (this client was always late)");
    printf("gaps %ld p50 %.3f p99 %.3f max %.3f late %.0f%% unstamped %ld client-lag-p99 %.3f left-out %ld\n", gaps,
           errors[p50 < gaps ? p50 : gaps - 1], errors[p99 < gaps ? p99 : gaps - 1], errors[gaps - 1],
           (double)late * 100 / (double)gaps, unstamped,
           lag_count ? (double)lags[lag99 < lag_count ? lag99 : lag_count - 1] / 1e6 : 0.0, left_out);
    return 0;
}
