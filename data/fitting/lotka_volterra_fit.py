"""The reference fit of lotka_volterra.csv by scipy.optimize.least_squares, stored in Mallard's tests.

Fits (a, b, c, d, x(0), y(0)) from the start (1.4, 0.9, 2.8, 0.9, 1.0, 1.0): residuals are model minus data at
the 101 sample times, the model solved by DOP853 at rtol = atol = 1e-13 (so that the estimate is the least-squares
minimiser of the exact model to about 1e-10), method "trf" with ftol = xtol = gtol = 1e-15. Prints the estimate
and the cost 0.5 * sum r^2. Run with Debian's /usr/bin/python3 (numpy 1.24, scipy 1.10).
"""
import numpy as np
from scipy.integrate import solve_ivp
from scipy.optimize import least_squares

data = np.loadtxt("lotka_volterra.csv", delimiter=",", skiprows=1)
times, observed = data[:, 0], data[:, 1:].T


def residuals(theta):
    a, b, c, d, x0, y0 = theta
    solution = solve_ivp(lambda t, z: [a * z[0] - b * z[0] * z[1], -c * z[1] + d * z[0] * z[1]],
                         (0.0, 10.0), [x0, y0], method="DOP853", t_eval=times, rtol=1e-13, atol=1e-13)
    return (solution.y - observed).ravel()


fit = least_squares(residuals, [1.4, 0.9, 2.8, 0.9, 1.0, 1.0], ftol=1e-15, xtol=1e-15, gtol=1e-15)
print("status", fit.status, "nfev", fit.nfev, "optimality", fit.optimality)
print("estimate", [repr(v) for v in fit.x])
print("cost", repr(fit.cost))
jac = fit.jac
cov = np.linalg.inv(jac.T @ jac) * (2 * fit.cost / (len(fit.fun) - len(fit.x)))
print("standard errors", [repr(v) for v in np.sqrt(np.diag(cov))])
