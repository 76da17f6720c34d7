// The reading peer: how long a lean C++ reader takes to turn a request in the plain form into
// plain structs, against `layout bench`'s read (`parseMs`: JSON, validation and the model). An
// upper bound on what a rewrite of layoutd's reader could save, measured rather than guessed.
//
//   g++ -O2 -std=c++17 -o read_peer Benchmarks/read_peer.cpp -lsimdjson
//   read_peer FILE RUNS
//
// It parses with simdjson's DOM (one parser reused, the body already padded: simdjson's best
// case, as in simdjson_bench.cpp) and reads `size`, `views` (`id`, `parent`, `intrinsicSize`,
// `hugging`, `compressionResistance`) and plain constraints (`id`, `firstItem`,
// `firstAttribute`, `relation`, `secondItem`, `secondAttribute`, `multiplier`, `constant`, a
// numeric `priority`): every member name checked, every value's type, ids unique and in a hash
// table, parents and items resolved, attributes and relations by name, a size paired only with a
// size. It does less than layoutd's reader, which also reads the other constraint forms, keeps a
// JSON pointer for each constraint's errors, checks the limits, names and priority words, and
// every illegal pairing: the peer is the lean end.
//
// Prints {"file", "bytes", "parseUs", "readUs", "views", "constraints"}: the medians of RUNS
// parses alone and of RUNS parses followed by the read.
#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace {

struct View {
    std::string id;
    std::string parentID;
    int parent = -1;
    double intrinsic[2] = {-1, -1};
    double hugging[2] = {250, 250};
    double compression[2] = {750, 750};
};

struct Constraint {
    std::string id;
    int first = -1, second = -1;
    int firstAttribute = -1, secondAttribute = -1;
    int relation = 0;
    double multiplier = 1, constant = 0, priority = 1000;
};

struct Request {
    double size[2] = {0, 0};
    std::vector<View> views;
    std::vector<Constraint> constraints;
};

constexpr std::string_view attributes[] = {
    "width", "height", "left", "right", "top", "bottom", "leading", "trailing", "centerX", "centerY",
    "firstBaseline", "lastBaseline", "leftMargin", "rightMargin", "topMargin", "bottomMargin",
    "leadingMargin", "trailingMargin", "centerXWithinMargins", "centerYWithinMargins"};

int attribute(std::string_view name) {
    for (int i = 0; i < int(std::size(attributes)); i++) {
        if (name == attributes[i]) return i;
    }
    return -1;
}

bool isSize(int attribute) { return attribute == 0 || attribute == 1; }

// Reads {FIRST: number, SECOND: number} (either may be missing) into out[0] and out[1].
bool pair(simdjson::dom::element element, std::string_view first, std::string_view second, double out[2]) {
    simdjson::dom::object object;
    if (element.get(object)) return false;
    for (auto [key, value] : object) {
        double number;
        if (value.get(number)) return false;
        if (key == first) out[0] = number;
        else if (key == second) out[1] = number;
        else return false;
    }
    return true;
}

bool string(simdjson::dom::element element, std::string& out) {
    std::string_view view;
    if (element.get(view)) return false;
    out = view;
    return true;
}

bool readViews(simdjson::dom::array array, Request& request, std::unordered_map<std::string_view, int>& index) {
    for (auto element : array) {
        simdjson::dom::object object;
        if (element.get(object)) return false;
        View view;
        for (auto [key, value] : object) {
            bool ok = key == "id" ? string(value, view.id)
                : key == "parent" ? string(value, view.parentID)
                : key == "intrinsicSize" ? pair(value, "width", "height", view.intrinsic)
                : key == "hugging" ? pair(value, "horizontal", "vertical", view.hugging)
                : key == "compressionResistance" ? pair(value, "horizontal", "vertical", view.compression)
                : false;
            if (!ok) return false;
        }
        if (view.id.empty()) return false;
        request.views.push_back(std::move(view));
    }
    for (size_t i = 0; i < request.views.size(); i++) {
        if (!index.emplace(request.views[i].id, int(i)).second) return false;
    }
    for (auto& view : request.views) {
        if (view.parentID.empty()) continue;
        auto found = index.find(view.parentID);
        if (found == index.end()) return false;
        view.parent = found->second;
    }
    return true;
}

bool readConstraints(simdjson::dom::array array, Request& request, const std::unordered_map<std::string_view, int>& index) {
    for (auto element : array) {
        simdjson::dom::object object;
        if (element.get(object)) return false;
        Constraint c;
        for (auto [key, value] : object) {
            std::string_view text;
            if (key == "firstItem" || key == "secondItem") {
                if (value.get(text)) return false;
                auto found = index.find(text);
                if (found == index.end()) return false;
                (key == "firstItem" ? c.first : c.second) = found->second;
            } else if (key == "firstAttribute" || key == "secondAttribute") {
                if (value.get(text)) return false;
                const int named = attribute(text);
                if (named < 0) return false;
                (key == "firstAttribute" ? c.firstAttribute : c.secondAttribute) = named;
            } else if (key == "relation") {
                if (value.get(text)) return false;
                if (text == "==") c.relation = 0;
                else if (text == "<=") c.relation = -1;
                else if (text == ">=") c.relation = 1;
                else return false;
            } else if (key == "multiplier") {
                if (value.get(c.multiplier)) return false;
            } else if (key == "constant") {
                if (value.get(c.constant)) return false;
            } else if (key == "priority") {
                if (value.get(c.priority) || c.priority < 1 || c.priority > 1000) return false;
            } else if (key == "id") {
                if (!string(value, c.id)) return false;
            } else {
                return false;
            }
        }
        if (c.first < 0 || c.firstAttribute < 0) return false;
        if (c.secondAttribute < 0 && c.second >= 0) c.secondAttribute = c.firstAttribute;
        if (c.secondAttribute >= 0 && isSize(c.firstAttribute) != isSize(c.secondAttribute)) return false;
        request.constraints.push_back(std::move(c));
    }
    return true;
}

bool read(simdjson::dom::element document, Request& request) {
    simdjson::dom::object root;
    if (document.get(root)) return false;
    std::unordered_map<std::string_view, int> index;
    // The views first, whatever the members' order: the constraints name them.
    simdjson::dom::array views, constraints;
    bool hasViews = false, hasConstraints = false;
    for (auto [key, value] : root) {
        if (key == "size") {
            if (!pair(value, "width", "height", request.size)) return false;
        } else if (key == "views") {
            if (value.get(views)) return false;
            hasViews = true;
        } else if (key == "constraints") {
            if (value.get(constraints)) return false;
            hasConstraints = true;
        } else {
            return false;
        }
    }
    return hasViews && hasConstraints && readViews(views, request, index) && readConstraints(constraints, request, index);
}

double median(std::vector<double>& values) {
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3 || std::atoi(argv[2]) < 1) {
        std::fprintf(stderr, "usage: read_peer FILE RUNS\n");
        return 2;
    }
    simdjson::padded_string body;
    if (simdjson::padded_string::load(argv[1]).get(body) != simdjson::SUCCESS) {
        std::fprintf(stderr, "read_peer: cannot read %s\n", argv[1]);
        return 2;
    }
    const int runs = std::atoi(argv[2]);
    simdjson::dom::parser parser;
    std::vector<double> parse, whole;
    size_t views = 0, constraints = 0;
    for (int run = 0; run < runs; run++) {
        const auto start = std::chrono::steady_clock::now();
        simdjson::dom::element document;
        if (parser.parse(body).get(document) != simdjson::SUCCESS) {
            std::fprintf(stderr, "read_peer: %s is not JSON\n", argv[1]);
            return 1;
        }
        const auto parsed = std::chrono::steady_clock::now();
        Request request;
        if (!read(document, request)) {
            std::fprintf(stderr, "read_peer: %s is not a plain-form request this reader accepts\n", argv[1]);
            return 1;
        }
        const auto end = std::chrono::steady_clock::now();
        parse.push_back(std::chrono::duration<double, std::micro>(parsed - start).count());
        whole.push_back(std::chrono::duration<double, std::micro>(end - start).count());
        views = request.views.size();
        constraints = request.constraints.size();
    }
    std::printf("{\"file\": \"%s\", \"bytes\": %zu, \"parseUs\": %.3f, \"readUs\": %.3f, \"views\": %zu, \"constraints\": %zu}\n",
                argv[1], body.size(), median(parse), median(whole), views, constraints);
    return 0;
}
