"""The size of a 2-state estimate that `mallard roa --json` printed, measured independently of Mallard.

  polar FILE   the area of {V <= rho} about 0: along 4000 rays, the first crossing of V = rho (a march outwards
               in steps of 0.01, then 50 bisections), area = 1/2 * sum of r^2 * dtheta. Compare with the time-reversed
               Van der Pol's true areas 13.7222 (mu = 1) and 20.4914 (mu = 3).
  power FILE   the two-machine power system's count: the grid points of the 201 x 201 grid over [-2, 3] x [-3, 1.5]
               in the component of {V <= rho} that holds 0 (4-neighbour flood fill, as the tour counts), beside the
               17702 true points of bench/roa_power_grid.py; then every counted point integrated by classical RK4
               (step 0.01, 60 s) of the true dynamics, which must end within 1e-3 of 0.

FILE is the JSON of `mallard roa ... --json` (its "V" in x1, x2, with sin and cos, and "rho").
Run with Debian's /usr/bin/python3 (numpy): /usr/bin/python3 bench/roa_estimate_size.py polar|power FILE
"""
import json
import math
import sys
from collections import deque

import numpy as np


def load(path):
    d = json.load(open(path))
    expr = d["V"].replace("^", "**")
    return d, (lambda x1, x2: eval(expr, {"x1": x1, "x2": x2, "sin": np.sin, "cos": np.cos, "pi": math.pi}))


def polar(d, v):
    n, step, rho = 4000, 0.01, d["rho"]
    th = np.linspace(0, 2 * np.pi, n, endpoint=False)
    c, s = np.cos(th), np.sin(th)
    lo, hi = np.zeros(n), np.zeros(n)
    r, found = np.full(n, step), np.zeros(n, bool)
    while not found.all() and r.max() < 50:
        crossed = (~found) & (v(r * c, r * s) > rho)
        hi[crossed], lo[crossed] = r[crossed], r[crossed] - step
        found |= crossed
        r = np.where(found, r, r + step)
    for _ in range(50):
        mid = 0.5 * (lo + hi)
        inside = v(mid * c, mid * s) <= rho
        lo, hi = np.where(inside, mid, lo), np.where(inside, hi, mid)
    print("polar area", 0.5 * np.sum((0.5 * (lo + hi)) ** 2) * (2 * np.pi / n))


def power(d, v):
    g = 201
    x1 = -2 + 5 * np.arange(g) / (g - 1)
    x2 = -3 + 4.5 * np.arange(g) / (g - 1)
    below = v(*np.meshgrid(x1, x2, indexing="ij")) <= d["rho"]
    inside = np.zeros_like(below)
    start = (int(np.argmin(abs(x1))), int(np.argmin(abs(x2))))
    queue = deque([start] if below[start] else [])
    inside[start] = below[start]
    while queue:
        a, b = queue.popleft()
        for p, q in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
            if 0 <= p < g and 0 <= q < g and below[p, q] and not inside[p, q]:
                inside[p, q] = True
                queue.append((p, q))
    points = np.argwhere(inside)
    print("points", len(points), "%.2f%% of the 17702 true points" % (100 * len(points) / 17702))
    a, b, h, s3 = x1[points[:, 0]], x2[points[:, 1]], 0.01, math.sin(math.pi / 3)

    def acc(x, y):
        return -0.5 * y - np.sin(x + math.pi / 3) + s3

    for _ in range(6000):
        k1a, k1b = b, acc(a, b)
        k2a, k2b = b + 0.5 * h * k1b, acc(a + 0.5 * h * k1a, b + 0.5 * h * k1b)
        k3a, k3b = b + 0.5 * h * k2b, acc(a + 0.5 * h * k2a, b + 0.5 * h * k2b)
        k4a, k4b = b + h * k3b, acc(a + h * k3a, b + h * k3b)
        a, b = a + h / 6 * (k1a + 2 * k2a + 2 * k3a + k4a), b + h / 6 * (k1b + 2 * k2b + 2 * k3b + k4b)
    print("reach 0 under RK4:", int((np.hypot(a, b) < 1e-3).sum()), "of", len(points))


if __name__ == "__main__":
    d, v = load(sys.argv[2])
    {"polar": polar, "power": power}[sys.argv[1]](d, v)
