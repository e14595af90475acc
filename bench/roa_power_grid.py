"""The two-machine power system's true region of attraction on a grid: the reference of the tour's part 6.

x1' = x2, x2' = -0.5 x2 - sin(x1 + pi/3) + sin(pi/3) from each point of an n x n grid over [-2, 3] x [-3, 1.5]
(n = 201 unless given), integrated for 60 s by solve_ivp (RK45, rtol 1e-9, atol 1e-11); a point converges when it
ends within 1e-3 of 0. All the points are one vectorised system, so the step control holds for every point;
with "--each" every point is solved on its own instead (slow: about 100 s for n = 41 on the shared machine; both
give 720 of 1681 at n = 41). Prints n, the converged count, n^2 and the share.
Run with Debian's /usr/bin/python3: /usr/bin/python3 bench/roa_power_grid.py [n] [--each]
"""
import sys

import numpy as np
from scipy.integrate import solve_ivp

S = np.sin(np.pi / 3)
n = int(next((a for a in sys.argv[1:] if a.isdigit()), 201))
x1, x2 = (g.ravel() for g in np.meshgrid(np.linspace(-2, 3, n), np.linspace(-3, 1.5, n), indexing="ij"))
m = n * n


def f(t, z):
    half = z.size // 2
    return np.concatenate([z[half:], -0.5 * z[half:] - np.sin(z[:half] + np.pi / 3) + S])


if "--each" in sys.argv:
    end = np.array([solve_ivp(f, (0, 60), [a, b], rtol=1e-9, atol=1e-11).y[:, -1] for a, b in zip(x1, x2)]).T
else:
    end = solve_ivp(f, (0, 60), np.concatenate([x1, x2]), rtol=1e-9, atol=1e-11).y[:, -1].reshape(2, m)
converged = int((np.hypot(end[0], end[1]) < 1e-3).sum())
print(n, converged, m, converged / m)
