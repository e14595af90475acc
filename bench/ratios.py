#!/usr/bin/env python3
"""Turns a JMH JSON result file into the ratio tables of docs/PERFORMANCE.md (Markdown on stdout).

Every figure is a ratio of two peers timed in the same JMH iterations: each benchmark class's
`interleaved` method runs all its peers in turn (rotating the order) and records, per iteration, each
peer's total nanoseconds and its fastest single run. The machine is shared: other processes take the CPU
away for milliseconds at a time, which lands on whichever run is in progress. The fastest run of each peer
is the one least disturbed, so the goal is judged on the ratio of the peers' fastest runs (over all
iterations); the median over iterations of the ratio of totals (disturbances included) is shown beside it,
with its range, as a cross-check.
"""
import json
import statistics
import sys

NUM_VARS = {"VAN_DER_POL": 3, "CHAIN": 22}
# DoubleSimulationBenchmark's `system` parameter: the form of the model Mallard simulates, in its own forks
SYSTEMS = {"GENERIC": "generic user system", "SPECIALISED": "double-specialised system", "COMPILED": "compiled system"}
# (benchmark class, numerator, denominator, what it says, goal: (op, value | callable(params)) or None)
RATIOS = [
    ("DoubleSimulationBenchmark", "mallard", "hipparchus", "Mallard ({system}) / Hipparchus", ("<=", 1.2)),
    ("DoubleSimulationBenchmark", "mallard", "handWritten", "Mallard ({system}) / hand-written loop", ("<=", 1.5)),
    ("DoubleSimulationBenchmark", "hipparchus", "handWritten", "Hipparchus / hand-written loop (context)", None),
    ("GradientBenchmark", "mallardAutoDiff", "mallardDouble", "Mallard AutoDiff Jacobian / Mallard double run", ("<=", lambda p: 1 + NUM_VARS[p["model"]] / 2)),
    ("GradientBenchmark", "mallardAutoDiff", "finiteDifferences", "Mallard AutoDiff / central differences (2n+1 runs)", ("<", 1.0)),
    ("GradientBenchmark", "mallardAutoDiff", "hipparchusGradient", "Mallard AutoDiff / Hipparchus over Gradient", ("<", 1.0)),
    ("GradientBenchmark", "mallardCompiledAutoDiff", "mallardCompiledDouble", "Mallard compiled system: AutoDiff Jacobian / double run", ("<=", lambda p: 1 + NUM_VARS[p["model"]] / 2)),
    ("GradientBenchmark", "mallardCompiledAutoDiff", "mallardDouble", "Mallard compiled AutoDiff Jacobian / generic double run", None),
    ("GradientBenchmark", "mallardCompiledAutoDiff", "hipparchusGradient", "Mallard compiled AutoDiff / Hipparchus over Gradient", ("<", 1.0)),
    ("GradientBenchmark", "hipparchusGradient", "hipparchusDouble", "Hipparchus Gradient / Hipparchus double (context)", None),
    ("GradientBenchmark", "handWrittenVariational", "handWrittenDouble", "hand-written variational loop / hand-written double loop: the limit's own ratio (context)", None),
    ("GradientBenchmark", "mallardCompiledAutoDiff", "handWrittenVariational", "Mallard compiled AutoDiff / hand-written variational loop", None),
    ("GradientBenchmark", "mallardAutoDiff", "handWrittenVariational", "Mallard AutoDiff / hand-written variational loop", None),
    ("GradientBenchmark", "mallardCompiledDouble", "handWrittenDouble", "Mallard compiled double run / hand-written loop (context)", None),
    ("GradientApiBenchmark", "gradientSimulation", "doubleRun", "GradientSimulation.run (the API: x(0), p and the final time) / double run", ("<=", lambda p: 1 + NUM_VARS[p["model"]] / 2)),
    ("AdjointBenchmark", "adjoint", "doubleRun", "adjoint gradient / double run", ("<=", 4.0)),
    ("AdjointBenchmark", "forward", "doubleRun", "forward-mode gradient / double run (context)", None),
    ("AdjointBenchmark", "centralDifferences", "doubleRun", "central differences in p (2P runs) / double run (context)", None),
    ("AdjointBenchmark", "adjoint", "forward", "adjoint / forward mode", None),
    ("BrusselatorBenchmark", "forward", "doubleRun", "forward-mode gradient / double run", None),
    ("BrusselatorBenchmark", "adjoint", "doubleRun", "adjoint gradient / double run (goal: <= 10 at side 32)", None),
    ("BrusselatorBenchmark", "automatic", "doubleRun", "automatic choice / double run", None),
    ("BrusselatorBenchmark", "adjoint", "forward", "adjoint / forward mode", None),
    ("EventBenchmark", "withEvents", "withoutEvents", "with events / same run without events", ("<=", 1.2)),
    ("SymbolicBenchmark", "compiledEvaluations", "handWrittenEvaluations", "compiled dynamics / hand-written Java (1000 evaluations each)", ("<=", 2.0)),
    ("RoaBenchmark", "vanDerPol", None, "Van der Pol (time-reversed), end to end, fastest ms", ("<=", 500)),
    ("RoaBenchmark", "cubicTriple", None, "3-state cubic, degree-4 multiplier, end to end, fastest ms", ("<=", 2000)),
    ("SdpBenchmark", "mallard", "csdp", "Mallard SDP solver / csdp process", ("<=", 1.5)),
]


def load(paths):
    """(class, params) -> {peer: [nanoseconds per iteration]}, plus 'rounds'."""
    results = {}
    for r in (r for path in paths for r in json.load(open(path))):
        cls, method = r["benchmark"].rsplit(".", 2)[-2:]
        params = r.get("params", {})
        key = (cls, tuple(sorted(params.items())))
        if method == "interleaved":
            peers = results.setdefault(key, {})
            for name, metric in r.get("secondaryMetrics", {}).items():
                values = [x for fork in metric["rawData"] for x in fork]
                if name.endswith("Fastest"):
                    peers.setdefault("fastest", {})[name[:-len("Fastest")]] = min(values)
                else:
                    peers[name] = values
    return results


def goal_of(goal, params):
    if goal is None:
        return "-", None
    op, value = goal
    v = value(params) if callable(value) else value
    return f"{op} {v:g}", (op, v)


def met(ratio, goal):
    if goal is None:
        return "-"
    op, v = goal
    return "yes" if (ratio <= v if op == "<=" else ratio < v) else "**no**"


def per_run_ms(peers, name):
    rounds = peers.get("rounds")
    total = sum(peers[name])
    count = sum(rounds) if rounds else len(peers[name])
    return total / count / 1e6 if count else float("nan")


def main(paths, part="all"):
    results = load(paths)
    for cls in sorted({k[0] for k in results}):
        rows = [r for r in RATIOS if r[0] == cls]
        if part != "all":
            print(f"#### {cls}{' (time per run)' if part == 'times' else ''}\n")
        else:
            print(f"### {cls}\n")
        if part == "times":
            print_times(results, cls)
            continue
        print("| params | comparison | ratio of fastest runs | median ratio of totals (range) | goal | met | numerator fastest ms | denominator fastest ms |")
        print("|---|---|---|---|---|---|---|---|")
        for (c, ps), peers in sorted(results.items()):
            if c != cls:
                continue
            params = dict(ps)
            label = ", ".join(v for _, v in ps)
            for _, num, den, what, goal in rows:
                what = what.format(system=SYSTEMS.get(params.get("system"), ""))
                if num not in peers or (den is not None and den not in peers):
                    continue
                if den is None:
                    ms = peers["fastest"][num] / 1e6
                    goal_text, g = goal_of(goal, params)
                    print(f"| {label} | {what} | {ms:.4g} ms | - | {goal_text} ms | {met(ms, g)} | {ms:.4g} | - |")
                    continue
                ratios = [a / b for a, b in zip(peers[num], peers[den]) if b > 0]
                fa, fb = peers["fastest"][num], peers["fastest"][den]
                ratio = fa / fb
                goal_text, g = goal_of(goal, params)
                print(f"| {label} | {what} | {ratio:.2f} | {statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f}) "
                      f"| {goal_text} | {met(ratio, g)} | {fa / 1e6:.4g} | {fb / 1e6:.4g} |")
        if cls == "SdpBenchmark":
            num = sum(p["fastest"]["mallard"] for (c, _), p in results.items() if c == cls and "csdp" in p)
            den = sum(p["fastest"]["csdp"] for (c, _), p in results.items() if c == cls and "mallard" in p)
            count = sum(1 for (c, _), p in results.items() if c == cls and "csdp" in p and "mallard" in p)
            if den:
                print(f"| all {count} | total Mallard / total csdp | {num / den:.2f} | - | <= 1 | {met(num / den, ('<=', 1))} "
                      f"| {num / 1e6:.4g} | {den / 1e6:.4g} |")
        print()
        if part == "all":
            print_times(results, cls)


def print_times(results, cls):
    print(f"Time per run of each peer ({cls}, ms):\n")
    print("| params | peer | fastest run | mean run |")
    print("|---|---|---|---|")
    for (c, ps), peers in sorted(results.items()):
        if c == cls:
            for name in sorted(peers):
                if name not in ("rounds", "fastest"):
                    print(f"| {', '.join(v for _, v in ps)} | {name} | {peers['fastest'][name] / 1e6:.4g} "
                          f"| {per_run_ms(peers, name):.4g} |")
    print()


if __name__ == "__main__":
    args = sys.argv[1:]
    part = "all"
    if args and args[0].startswith("--part="):
        part = args.pop(0)[len("--part="):]
    main(args, part)
