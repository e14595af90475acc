#!/usr/bin/env python3
"""Turns a JMH JSON result file into the ratio tables of docs/PERFORMANCE.md (Markdown on stdout).

Every figure is a ratio of two benchmarks measured in the same JMH run, with its goal from issue 10.
The machine is shared, so load changes during a run: each benchmark's score here is the median of its
measured iterations (all forks), which ignores spikes, and the ratio of the minima (the least disturbed
iterations) is shown beside it. The goal is judged on the ratio of medians.
"""
import json
import statistics
import sys

# (benchmark class, numerator, denominator, what it says, goal: ("<=", value | callable(params)) or None)
NUM_VARS = {"VAN_DER_POL": 3, "CHAIN": 22}
RATIOS = [
    ("DoubleSimulationBenchmark", "mallardGeneric", "hipparchus", "Mallard (generic user system) / Hipparchus", ("<=", 1.2)),
    ("DoubleSimulationBenchmark", "mallardGeneric", "handWritten", "Mallard (generic user system) / hand-written loop", ("<=", 1.5)),
    ("DoubleSimulationBenchmark", "mallardSpecialised", "hipparchus", "Mallard (double-specialised system) / Hipparchus", ("<=", 1.2)),
    ("DoubleSimulationBenchmark", "mallardSpecialised", "handWritten", "Mallard (double-specialised system) / hand-written loop", ("<=", 1.5)),
    ("DoubleSimulationBenchmark", "hipparchus", "handWritten", "Hipparchus / hand-written loop (context)", None),
    ("GradientBenchmark", "mallardAutoDiff", "mallardDouble", "Mallard AutoDiff Jacobian / Mallard double run", ("<=", lambda p: 1 + NUM_VARS[p["model"]] / 2)),
    ("GradientBenchmark", "mallardAutoDiff", "finiteDifferences", "Mallard AutoDiff / central differences (2n+1 runs)", ("<", 1.0)),
    ("GradientBenchmark", "mallardAutoDiff", "hipparchusGradient", "Mallard AutoDiff / Hipparchus over Gradient", ("<", 1.0)),
    ("GradientBenchmark", "hipparchusGradient", "hipparchusDouble", "Hipparchus Gradient / Hipparchus double (context)", None),
    ("EventBenchmark", "withEvents", "withoutEvents", "with events / same run without events", ("<=", 1.2)),
]


def load(path):
    results = {}
    for r in json.load(open(path)):
        cls, method = r["benchmark"].rsplit(".", 2)[-2:]
        params = r.get("params", {})
        key = (cls, method, tuple(sorted(params.items())))
        m = r["primaryMetric"]
        raw = sorted(x for fork in m["rawData"] for x in fork)
        results[key] = (statistics.median(raw), raw[0], m["scoreUnit"], params)
    return results


def fmt_goal(goal, params):
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


def main(path):
    results = load(path)
    classes = sorted({k[0] for k in results})
    for cls in classes:
        rows = [r for r in RATIOS if r[0] == cls]
        if not rows:
            continue
        print(f"### {cls}\n")
        param_sets = sorted({k[2] for k in results if k[0] == cls})
        print("| params | comparison | median ratio | ratio of minima | goal | met | numerator (median) | denominator (median) |")
        print("|---|---|---|---|---|---|---|---|")
        for ps in param_sets:
            label = ", ".join(v for _, v in ps)
            for _, num, den, what, goal in rows:
                a = results.get((cls, num, ps))
                b = results.get((cls, den, ps))
                if not a or not b:
                    continue
                ratio = a[0] / b[0]
                goal_text, g = fmt_goal(goal, a[3])
                print(f"| {label} | {what} | {ratio:.2f} | {a[1] / b[1]:.2f} | {goal_text} | {met(ratio, g)} "
                      f"| {a[0]:.4g} {a[2]} | {b[0]:.4g} {b[2]} |")
        print()
    print("### Raw scores\n")
    print("| benchmark | params | median | min | unit |")
    print("|---|---|---|---|---|")
    for (cls, method, ps), (s, lo, u, _) in sorted(results.items()):
        print(f"| {cls}.{method} | {', '.join(v for _, v in ps)} | {s:.4g} | {lo:.4g} | {u} |")
    print()


if __name__ == "__main__":
    main(sys.argv[1])
