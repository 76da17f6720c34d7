// The JSON peer of Benchmarks/run.sh (step (i)): simdjson's DOM parser, from Debian's
// libsimdjson-dev, on the same request bodies whose parse `layout bench` times as `jsonReadMBps`.
//
//   g++ -O2 -std=c++17 -o simdjson_bench simdjson_bench.cpp -lsimdjson
//   simdjson_bench --runs K FILE...
//
// For each file, one line of JSON:
//   {"file": "...", "bytes": N, "medianUs": t, "mbps": m, "implementation": "icelake"}
// t is the median of K parses of the whole body into simdjson's DOM (every byte validated, UTF-8
// included, as layoutd's parser does). simdjson's best case is what is timed: one parser reused
// for every parse (its buffers kept), and the body already in a padded buffer (a server reading
// a request would copy it there first). 1 MB = 10^6 bytes of the body.
#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

int main(int argc, char **argv) {
    if (argc < 4 || std::strcmp(argv[1], "--runs") != 0 || std::atoi(argv[2]) < 1) {
        std::fprintf(stderr, "usage: simdjson_bench --runs K FILE...\n");
        return 2;
    }
    const int runs = std::atoi(argv[2]);
    simdjson::dom::parser parser;
    for (int f = 3; f < argc; f++) {
        simdjson::padded_string body;
        if (simdjson::padded_string::load(argv[f]).get(body) != simdjson::SUCCESS) {
            std::fprintf(stderr, "simdjson_bench: cannot read %s\n", argv[f]);
            return 2;
        }
        std::vector<double> micros;
        for (int r = 0; r < runs; r++) {
            const auto start = std::chrono::steady_clock::now();
            simdjson::dom::element root;
            const auto error = parser.parse(body).get(root);
            const auto end = std::chrono::steady_clock::now();
            if (error != simdjson::SUCCESS) {
                std::fprintf(stderr, "simdjson_bench: %s: %s\n", argv[f], simdjson::error_message(error));
                return 1;
            }
            micros.push_back(std::chrono::duration<double, std::micro>(end - start).count());
        }
        std::sort(micros.begin(), micros.end());
        const double median = runs % 2 ? micros[runs / 2] : (micros[runs / 2 - 1] + micros[runs / 2]) / 2;
        std::printf("{\"file\": \"%s\", \"bytes\": %zu, \"medianUs\": %.3f, \"mbps\": %.1f, \"implementation\": \"%s\"}\n",
                    argv[f], body.size(), median, body.size() / median,
                    simdjson::get_active_implementation()->name().c_str());
    }
    return 0;
}
