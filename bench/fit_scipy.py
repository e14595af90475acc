"""Times scipy.optimize.least_squares on data/fitting/lotka_volterra.csv, warm: the peer of FitBenchmark.

The same model, data and start as data/fitting/lotka_volterra_fit.py; solve_ivp (DOP853) at rtol = atol = ACCURACY
for each ACCURACY of FitBenchmark, least_squares with its default tolerances (method "trf", 2-point
finite-difference Jacobian). One untimed fit first (imports, caches), then the fastest and the median of 5 fits.
Run with Debian's /usr/bin/python3 from the repository's root: /usr/bin/python3 bench/fit_scipy.py
"""
import statistics
import time

import numpy as np
from scipy.integrate import solve_ivp
from scipy.optimize import least_squares

data = np.loadtxt("data/fitting/lotka_volterra.csv", delimiter=",", skiprows=1)
times, observed = data[:, 0], data[:, 1:].T
start = [1.4, 0.9, 2.8, 0.9, 1.0, 1.0]

for accuracy in (1e-6, 1e-10):
    def residuals(theta):
        a, b, c, d, x0, y0 = theta
        solution = solve_ivp(lambda t, z: [a * z[0] - b * z[0] * z[1], -c * z[1] + d * z[0] * z[1]],
                             (0.0, 10.0), [x0, y0], method="DOP853", t_eval=times, rtol=accuracy, atol=accuracy)
        return (solution.y - observed).ravel()

    least_squares(residuals, start)
    seconds = []
    for _ in range(5):
        t0 = time.perf_counter()
        fit = least_squares(residuals, start)
        seconds.append(time.perf_counter() - t0)
    print(f"accuracy {accuracy:g}: fastest {min(seconds) * 1e3:.1f} ms, median {statistics.median(seconds) * 1e3:.1f} ms,"
          f" nfev {fit.nfev}, estimate {np.array2string(fit.x, precision=9)}")
