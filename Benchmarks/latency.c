/* The machine's memory latency by working-set size: a pointer chase over a random cycle of
 * 64-byte lines, one dependent load at a time, so that each load waits for the one before and
 * nothing prefetches it. Where a size's time jumps is where the caches this VM gets stop: a
 * shared VM's neighbours take part of the L3 it reports, and a 10,000-view solve's tables (about
 * 30 MiB for the priority soup) slow with it, with the same instructions.
 *
 *   cc -O2 -o latency Benchmarks/latency.c && ./latency
 *
 * Prints one line per size: `KIB NS` (KiB of working set, nanoseconds a load, the median of 3
 * passes of a million loads). About 3 s in all.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { LINE = 64, LOADS = 1000000, PASSES = 3 };

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* xorshift64*: the same cycle on every machine. */
static uint64_t next(uint64_t *state) {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545F4914F6CDD1DULL;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(void) {
    static const size_t kib[] = {512, 2048, 8192, 32768, 262144};
    for (size_t s = 0; s < sizeof kib / sizeof kib[0]; s++) {
        size_t lines = kib[s] * 1024 / LINE;
        /* Each line's first word holds the index (in words) of the next line of the cycle. */
        size_t *memory = aligned_alloc(LINE, lines * LINE);
        size_t *order = malloc(lines * sizeof *order);
        if (!memory || !order) {
            fprintf(stderr, "latency: out of memory at %zu KiB\n", kib[s]);
            return 1;
        }
        for (size_t i = 0; i < lines; i++) order[i] = i;
        uint64_t state = 0x9E3779B97F4A7C15ULL;
        for (size_t i = lines - 1; i > 0; i--) {
            size_t j = (size_t)(next(&state) % (i + 1));
            size_t t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        const size_t words = LINE / sizeof(size_t);
        for (size_t i = 0; i < lines; i++) memory[order[i] * words] = order[(i + 1) % lines] * words;
        free(order);
        volatile size_t sink;
        size_t at = 0;
        for (size_t i = 0; i < lines; i++) at = memory[at]; /* warm-up: one lap */
        double ns[PASSES];
        for (int pass = 0; pass < PASSES; pass++) {
            double start = seconds();
            for (size_t i = 0; i < LOADS; i++) at = memory[at];
            ns[pass] = (seconds() - start) / LOADS * 1e9;
        }
        sink = at;
        (void)sink;
        qsort(ns, PASSES, sizeof ns[0], compare);
        printf("%zu %.1f\n", kib[s], ns[PASSES / 2]);
        free(memory);
    }
    return 0;
}
