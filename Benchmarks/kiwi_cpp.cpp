// The solver peer without Python: kiwi's C++ engine (the headers of the kiwisolver sdist that
// kiwi_bench.py uses) on a problem exported by kiwi_cpp.py, timed as kiwi_bench.py times it
// (variables, expressions and constraints made, every addConstraint, updateVariables), but each
// run in this process with a fresh solver, as `layout bench` runs its solves.
//
//   c++ -O3 -std=c++17 -I KIWISOLVER_SDIST -o kiwi_cpp Benchmarks/kiwi_cpp.cpp
//   ./kiwi_cpp PROBLEM.txt RUNS
//
// PROBLEM.txt: "VARIABLES CONSTRAINTS", then a line per constraint:
// "OP STRENGTH CONSTANT TERMS (VARIABLE COEFFICIENT)…", OP one of == <= >=.
// Prints {"runs", "medianUs", "values": [the last run's value of each variable]}.
#include <kiwi/kiwi.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

struct Problem {
    struct Constraint {
        kiwi::RelationalOperator op;
        double strength;
        double constant;
        std::vector<std::pair<int, double>> terms;
    };
    int variables = 0;
    std::vector<Constraint> constraints;
};

static bool read(const char* path, Problem& problem) {
    std::ifstream in(path);
    size_t count = 0;
    if (!(in >> problem.variables >> count)) return false;
    problem.constraints.resize(count);
    for (auto& c : problem.constraints) {
        std::string op;
        size_t terms = 0;
        if (!(in >> op >> c.strength >> c.constant >> terms)) return false;
        if (op == "==") c.op = kiwi::OP_EQ;
        else if (op == "<=") c.op = kiwi::OP_LE;
        else if (op == ">=") c.op = kiwi::OP_GE;
        else return false;
        c.terms.resize(terms);
        for (auto& t : c.terms) {
            if (!(in >> t.first >> t.second) || t.first < 0 || t.first >= problem.variables) return false;
        }
    }
    return true;
}

int main(int argc, char** argv) {
    Problem problem;
    if (argc != 3 || !read(argv[1], problem)) {
        std::fprintf(stderr, "usage: kiwi_cpp PROBLEM.txt RUNS (a problem written by kiwi_cpp.py)\n");
        return 2;
    }
    const int runs = std::max(1, std::atoi(argv[2]));
    std::vector<double> times;
    std::vector<double> values;
    for (int run = 0; run < runs; ++run) {
        auto start = std::chrono::steady_clock::now();
        std::vector<kiwi::Variable> variables(problem.variables);
        kiwi::Solver solver;
        for (const auto& c : problem.constraints) {
            std::vector<kiwi::Term> terms;
            terms.reserve(c.terms.size());
            for (const auto& t : c.terms) terms.emplace_back(variables[t.first], t.second);
            solver.addConstraint(kiwi::Constraint(kiwi::Expression(std::move(terms), c.constant), c.op, c.strength));
        }
        solver.updateVariables();
        auto end = std::chrono::steady_clock::now();
        times.push_back(std::chrono::duration<double, std::micro>(end - start).count());
        if (run + 1 == runs) {
            for (const auto& v : variables) values.push_back(v.value());
        }
    }
    std::sort(times.begin(), times.end());
    const double median = runs % 2 ? times[runs / 2] : (times[runs / 2 - 1] + times[runs / 2]) / 2;
    std::printf("{\"runs\": %d, \"medianUs\": %.3f, \"values\": [", runs, median);
    for (size_t i = 0; i < values.size(); ++i) std::printf(i ? ", %.17g" : "%.17g", values[i]);
    std::printf("]}\n");
    return 0;
}
