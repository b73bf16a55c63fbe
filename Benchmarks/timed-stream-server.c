/*
 * The floor for `scripts/bench streams`: the stream of scripts/lib/bench_streams.py (21 Server-Sent Events whose gaps
 * cycle through 5, 20, 50, 13 and 100 ms) served through libmicrohttpd with the plainest timing there is: a thread for
 * each connection (MHD_USE_THREAD_PER_CONNECTION), whose content reader sleeps with clock_nanosleep until each chunk's
 * absolute due time and then hands the chunk over. No timers on other threads, no suspend and resume: what the machine,
 * the engine's write path and the client measure on their own. A thread per connection is what mockapi must not do
 * (it holds a thread for every waiting stream); it is the measuring stick here only.
 *
 *   timed-stream-server PORT     (0 picks a free port; prints "listening on http://127.0.0.1:PORT"; stops on SIGTERM)
 */
#include <arpa/inet.h>
#include <microhttpd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { CHUNKS = 21 };
static const long gaps_ms[] = {5, 20, 50, 13, 100};

/* Where one stream is: the next chunk, its due time in ms after the first call, and when that was. */
struct stream {
    int next;
    long due_ms;
    struct timespec start;
};

static ssize_t read_chunk(void *cls, uint64_t position, char *buffer, size_t capacity) {
    struct stream *stream = cls;
    (void)position;
    if (stream->next == 0) clock_gettime(CLOCK_MONOTONIC, &stream->start);
    if (stream->next == CHUNKS) return MHD_CONTENT_READER_END_OF_STREAM;
    struct timespec due = stream->start;
    due.tv_sec += stream->due_ms / 1000;
    due.tv_nsec += (stream->due_ms % 1000) * 1000000L;
    if (due.tv_nsec >= 1000000000L) { due.tv_sec += 1; due.tv_nsec -= 1000000000L; }
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &due, NULL) != 0) {}
    int length;
    if (stream->next == CHUNKS - 1) length = snprintf(buffer, capacity, "data: [DONE]\n\n");
    else length = snprintf(buffer, capacity, "data: {\"index\":%d,\"delta\":\"token %d\"}\n\n", stream->next, stream->next);
    stream->due_ms += gaps_ms[stream->next % 5];
    stream->next += 1;
    return length;
}

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size, void **req_cls) {
    static int seen;
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
    if (*req_cls == NULL) { /* headers only: answer on the next call */
        *req_cls = &seen;
        return MHD_YES;
    }
    if (*upload_data_size != 0) {
        *upload_data_size = 0;
        return MHD_YES;
    }
    struct stream *stream = calloc(1, sizeof *stream);
    struct MHD_Response *response = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, read_chunk, stream, free);
    MHD_add_response_header(response, "Content-Type", "text/event-stream");
    enum MHD_Result queued = MHD_queue_response(connection, 200, response);
    MHD_destroy_response(response);
    return queued;
}

int main(int argc, char **argv) {
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL); /* before the daemon's threads exist, so they inherit it */
    struct sockaddr_in address = {0};
    address.sin_family = AF_INET;
    address.sin_port = htons((uint16_t)(argc > 1 ? atoi(argv[1]) : 0));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL | MHD_USE_SUPPRESS_DATE_NO_CLOCK,
        0, NULL, NULL, answer, NULL,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
        MHD_OPTION_CONNECTION_LIMIT, 1024u,
        MHD_OPTION_END);
    if (!daemon) {
        fprintf(stderr, "timed-stream-server: could not start\n");
        return 2;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    printf("listening on http://127.0.0.1:%u\n", info ? info->port : 0);
    fflush(stdout);
    int received;
    sigwait(&stop, &received);
    MHD_stop_daemon(daemon);
    return 0;
}
