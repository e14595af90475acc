"""Writes lotka_volterra.csv: 101 noisy samples of the Lotka-Volterra system on [0, 10].

x' = a x - b x y, y' = -c y + d x y with (a, b, c, d) = (1.5, 1, 3, 1) and (x, y)(0) = (1, 1), solved by
scipy's DOP853 at rtol = atol = 1e-13; Gaussian noise of standard deviation 0.05 on each state from
numpy.random.default_rng(31). Run with Debian's /usr/bin/python3 (numpy 1.24, scipy 1.10).
"""
import numpy as np
from scipy.integrate import solve_ivp


def lotka_volterra(t, z, a, b, c, d):
    x, y = z
    return [a * x - b * x * y, -c * y + d * x * y]


times = np.round(np.linspace(0.0, 10.0, 101), 12)
solution = solve_ivp(lotka_volterra, (0.0, 10.0), [1.0, 1.0], method="DOP853", t_eval=times,
                     args=(1.5, 1.0, 3.0, 1.0), rtol=1e-13, atol=1e-13)
rng = np.random.default_rng(31)
noisy = solution.y + 0.05 * rng.standard_normal(solution.y.shape)
with open("lotka_volterra.csv", "w") as out:
    out.write("t,x,y\n")
    for k, t in enumerate(times):
        out.write(f"{t!r},{noisy[0, k]!r},{noisy[1, k]!r}\n")
