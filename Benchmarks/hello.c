/* Bare libmicrohttpd server: the HTTP ceiling for layoutd (performance.md section 6).
 *
 * Build:  cc -O2 -o /tmp/hello Benchmarks/hello.c -lmicrohttpd
 * Run:    /tmp/hello [PORT [WORK_US [BODY_BYTES]]]   (default 8089 0 200; 127.0.0.1 only)
 *
 * Internal polling thread with epoll, thread pool of 2. Reads the POST body, counts its
 * bytes (summed into a global so the work can't be optimised away) and answers a fixed
 * JSON body of BODY_BYTES bytes (200 to 65536) with 200 OK. Stops on SIGINT / SIGTERM and
 * prints the totals.
 *
 * WORK_US > 0 makes it a calibrated peer: before answering, each request spins for about
 * WORK_US microseconds of CPU in registers (a xorshift loop timed once at start), touching no
 * memory. With WORK_US set to a request's own work in `layout bench` and BODY_BYTES to
 * layoutd's answer size, it is a server whose only cost beyond libmicrohttpd's is that work:
 * the ratio layoutd could reach with no overhead of its own (Benchmarks/README.md).
 */
#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/* Exactly 200 bytes; a longer answer lengthens its last string. */
static const char BODY[] =
    "{\"frames\":{\"root\":[0,0,375,812],\"title\":[16,100,343,34],"
    "\"avatar\":[16,150,64,64]},\"status\":\"ok\",\"solver\":\"hello\","
    "\"note\":\"fixed response from the bare libmicrohttpd baseline\",\"pad\":\"xxxxxxxxxxxxxxxxxx\"}";

static struct MHD_Response *response;
static atomic_ullong total_bytes, total_requests, spin_sink;
static uint64_t spins_per_request;
static volatile sig_atomic_t stop;

/* A dependent chain of shifts and xors the compiler cannot fold: a fixed amount of CPU. */
static uint64_t spin(uint64_t count, uint64_t x) {
    for (uint64_t i = 0; i < count; i++) { x ^= x << 13; x ^= x >> 7; x ^= x << 17; }
    return x;
}

/* Nanoseconds of one spin, the fastest of 7 timings of 2^20 (a shared VM may be slow in one). */
static double spin_nanoseconds(void) {
    double best = 0;
    for (int i = 0; i < 7; i++) {
        struct timespec a, b;
        clock_gettime(CLOCK_MONOTONIC, &a);
        atomic_fetch_xor_explicit(&spin_sink, spin(1u << 20, (uint64_t)i + 1), memory_order_relaxed);
        clock_gettime(CLOCK_MONOTONIC, &b);
        double ns = ((double)(b.tv_sec - a.tv_sec) * 1e9 + (double)(b.tv_nsec - a.tv_nsec)) / (1u << 20);
        if (i == 0 || ns < best) best = ns;
    }
    return best;
}

static void on_signal(int sig) { (void)sig; stop = 1; }

static enum MHD_Result handler(void *cls, struct MHD_Connection *conn, const char *url,
                               const char *method, const char *version, const char *upload_data,
                               size_t *upload_data_size, void **con_cls) {
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
    if (*con_cls == NULL) { /* first call: headers only */
        static int marker;
        *con_cls = &marker;
        return MHD_YES;
    }
    if (*upload_data_size != 0) { /* a chunk of the body */
        atomic_fetch_add_explicit(&total_bytes, *upload_data_size, memory_order_relaxed);
        *upload_data_size = 0;
        return MHD_YES;
    }
    unsigned long long n = atomic_fetch_add_explicit(&total_requests, 1, memory_order_relaxed);
    if (spins_per_request != 0)
        atomic_fetch_xor_explicit(&spin_sink, spin(spins_per_request, n + 1), memory_order_relaxed);
    return MHD_queue_response(conn, MHD_HTTP_OK, response);
}

int main(int argc, char **argv) {
    int port = argc > 1 ? atoi(argv[1]) : 8089;
    double work_us = argc > 2 ? atof(argv[2]) : 0;
    long body_bytes = argc > 3 ? atol(argv[3]) : 200;
    _Static_assert(sizeof BODY - 1 == 200, "body must be 200 bytes");
    if (!(work_us >= 0 && work_us <= 1e6) || body_bytes < 200 || body_bytes > 65536) {
        fprintf(stderr, "usage: hello [PORT [WORK_US (0 to 1e6) [BODY_BYTES (200 to 65536)]]]\n");
        return 2;
    }
    static char body[65536];
    memcpy(body, BODY, sizeof BODY - 3);                       /* all but the closing "} */
    memset(body + sizeof BODY - 3, 'x', (size_t)body_bytes - 200);
    memcpy(body + body_bytes - 2, "\"}", 2);
    response = MHD_create_response_from_buffer((size_t)body_bytes, body, MHD_RESPMEM_PERSISTENT);
    if (work_us > 0) {
        double ns = spin_nanoseconds();
        spins_per_request = (uint64_t)(work_us * 1000 / ns);
        fprintf(stderr, "hello: %.3f ns a spin, %llu spins a request\n", ns,
                (unsigned long long)spins_per_request);
    }
    MHD_add_response_header(response, "Content-Type", "application/json");

    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);

    struct MHD_Daemon *d = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL, (uint16_t)port, NULL, NULL, handler, NULL,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned int)2,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned int)1024,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)30,
        MHD_OPTION_END);
    if (d == NULL) {
        fprintf(stderr, "hello: cannot start on 127.0.0.1:%d\n", port);
        return 1;
    }
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    fprintf(stderr, "hello: listening on 127.0.0.1:%d\n", port);
    while (!stop) pause();
    MHD_stop_daemon(d);
    MHD_destroy_response(response);
    fprintf(stderr, "hello: %llu requests, %llu body bytes\n",
            (unsigned long long)total_requests, (unsigned long long)total_bytes);
    return 0;
}
