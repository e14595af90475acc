#!/usr/bin/python3
"""Exact region-of-attraction level of the coupled time-reversed Van der Pol chain, independently of Mallard.

The family (n = 2N states, oscillator i has position p_i = x_(2i-1) and q_i = x_(2i)):
    p_i' = -q_i
    q_i' = p_i + (p_i^2 - 1) q_i + k (d_i p_i - sum of p_j over the neighbours j = i-1, i+1 in the chain)
with k = 0.2 and d_i the number of neighbours (an open chain). N = 1 is the time-reversed Van der Pol
oscillator. V = x'Px with A'P + PA = -I (A the Jacobian at 0), the default candidate of Mallard's roa.

The level is rho* = inf { V(x) : Vdot(x) = 0, x != 0 }. Along a ray x = r w, Vdot(r w) = r^2 a(w) + r^4 b(w)
(a quadratic, b quartic, a < 0), so the ray meets Vdot = 0 once, at r^2 = -a/b, when b > 0, where
V = V(w) (-a(w)/b(w)): a function of the direction alone. It is minimised over many random directions,
each polished by BFGS; the best point is then checked by SLSQP on min V s.t. Vdot = 0 (a second method).

Usage: bench/roa_vdp_exact.py N [N ...]   (N oscillators; prints n = 2N, rho* by rays, rho* by SLSQP)
"""
import sys

import numpy as np
from scipy.linalg import solve_continuous_lyapunov
from scipy.optimize import minimize

K = 0.2


def jacobian(N):
    n = 2 * N
    A = np.zeros((n, n))
    for i in range(N):
        p, q = 2 * i, 2 * i + 1
        A[p, q] = -1.0
        A[q, q] = -1.0
        nbrs = [j for j in (i - 1, i + 1) if 0 <= j < N]
        A[q, p] = 1.0 + K * len(nbrs)
        for j in nbrs:
            A[q, 2 * j] = -K
    return A


def cubic(x, N):
    """The cubic part of f: p_i^2 q_i in the equation of q_i."""
    c = np.zeros_like(x)
    c[1::2] = x[0::2] ** 2 * x[1::2]
    return c


def ray_level(w, A, P, N):
    a = 2.0 * w @ P @ (A @ w)
    b = 2.0 * w @ P @ cubic(w, N)
    if b <= 0.0:
        return np.inf
    return (w @ P @ w) * (-a / b)


def exact_level(N, starts=4000, seed=1):
    A = jacobian(N)
    P = solve_continuous_lyapunov(A.T, -np.eye(2 * N))
    assert np.all(np.linalg.eigvalsh(P) > 0) and np.max(np.abs(A.T @ P + P @ A + np.eye(2 * N))) < 1e-12
    rng = np.random.default_rng(seed)
    W = rng.standard_normal((starts, 2 * N))
    levels = np.array([ray_level(w, A, P, N) for w in W])
    order = np.argsort(levels)[:40]  # polish the 40 best rays
    best, best_w = np.inf, None
    for i in order:
        res = minimize(lambda w: ray_level(w / np.linalg.norm(w), A, P, N), W[i], method="Nelder-Mead",
                       options={"xatol": 1e-12, "fatol": 1e-14, "maxiter": 40000, "maxfev": 40000})
        res = minimize(lambda w: ray_level(w / np.linalg.norm(w), A, P, N), res.x, method="BFGS",
                       options={"gtol": 1e-12})
        if res.fun < best:
            best, best_w = res.fun, res.x / np.linalg.norm(res.x)
    # second method: SLSQP on min V s.t. Vdot = 0 from the best ray's point
    a = 2.0 * best_w @ P @ (A @ best_w)
    b = 2.0 * best_w @ P @ cubic(best_w, N)
    x0 = best_w * np.sqrt(-a / b)
    vdot = lambda x: 2.0 * x @ P @ (A @ x + cubic(x, N))
    res = minimize(lambda x: x @ P @ x, x0, method="SLSQP", constraints=[{"type": "eq", "fun": vdot}],
                   options={"ftol": 1e-15, "maxiter": 1000})
    slsqp = res.fun if res.success and abs(vdot(res.x)) < 1e-10 else float("nan")
    return best, slsqp, P


if __name__ == "__main__":
    print("%3s %16s %16s" % ("n", "rho_rays", "rho_slsqp"))
    for arg in sys.argv[1:]:
        N = int(arg)
        rays, slsqp, P = exact_level(N)
        print("%3d %16.12f %16.12f" % (2 * N, rays, slsqp), flush=True)
