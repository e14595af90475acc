#!/usr/bin/env python3
"""Writes Drake's region-of-attraction SOS program for published polynomial systems as SDPA files.

For each system x' = f(x) with an equilibrium x* (moved to the origin), V = z'Pz with A'P + PA = -I on the
linearisation A (as Drake's RegionOfAttraction does without a candidate), and the program

    maximise rho  subject to  (z'z)^d (V - rho) + lambda(z) Vdot(z)  is SOS,

lambda a free polynomial of the degree of Vdot, d such that both terms have degree 2 deg Vdot, the Gram
basis every monomial of degree 1 to deg Vdot (the Newton polytope of the full support; no further
reduction). The free variables (rho and lambda's coefficients) are split into differences of two
non-negative LP variables, as SDPA input has no free variables. SDPA (D): maximise F_0 . Y subject to
F_i . Y = c_i, Y = diag(Q, LP) PSD; one constraint per monomial of degree 2 to 2 deg Vdot; the LP block holds
rho+, rho-, then lambda_k+, lambda_k- for each monomial of lambda in order. (D)'s optimum is rho.

usage: python3 generate.py OUTDIR     (needs numpy and scipy, as Debian's python3-scipy provides)
"""
import itertools
import sys

import numpy as np
import scipy.linalg


class Poly:
    """A polynomial in n variables: exponent tuple -> float coefficient, with + - * ** by integers."""

    def __init__(self, n, terms=None):
        self.n = n
        self.terms = {e: c for e, c in (terms or {}).items() if c != 0.0}

    @staticmethod
    def const(n, c):
        return Poly(n, {(0,) * n: float(c)})

    @staticmethod
    def var(n, i):
        return Poly(n, {tuple(1 if j == i else 0 for j in range(n)): 1.0})

    def _lift(self, o):
        return o if isinstance(o, Poly) else Poly.const(self.n, o)

    def __add__(self, o):
        o = self._lift(o)
        t = dict(self.terms)
        for e, c in o.terms.items():
            t[e] = t.get(e, 0.0) + c
        return Poly(self.n, t)

    __radd__ = __add__

    def __neg__(self):
        return Poly(self.n, {e: -c for e, c in self.terms.items()})

    def __sub__(self, o):
        return self + (-self._lift(o))

    def __rsub__(self, o):
        return self._lift(o) - self

    def __mul__(self, o):
        o = self._lift(o)
        t = {}
        for e1, c1 in self.terms.items():
            for e2, c2 in o.terms.items():
                e = tuple(a + b for a, b in zip(e1, e2))
                t[e] = t.get(e, 0.0) + c1 * c2
        return Poly(self.n, t)

    __rmul__ = __mul__

    def __truediv__(self, c):
        return Poly(self.n, {e: v / c for e, v in self.terms.items()})

    def __pow__(self, k):
        out = Poly.const(self.n, 1.0)
        for _ in range(k):
            out = out * self
        return out

    def diff(self, i):
        t = {}
        for e, c in self.terms.items():
            if e[i] > 0:
                f = list(e)
                f[i] -= 1
                t[tuple(f)] = t.get(tuple(f), 0.0) + c * e[i]
        return Poly(self.n, t)

    def at_zero(self):
        return self.terms.get((0,) * self.n, 0.0)

    def substitute_shift(self, shift):
        """p(x + shift)."""
        xs = [Poly.var(self.n, i) + shift[i] for i in range(self.n)]
        out = Poly(self.n)
        for e, c in self.terms.items():
            m = Poly.const(self.n, c)
            for i, k in enumerate(e):
                m = m * xs[i] ** k
            out = out + m
        return out

    def degree(self):
        return max(sum(e) for e in self.terms)

# name, states, dynamics, equilibrium, V (None: from the Lyapunov equation); sources in README.md
SYSTEMS = [
    ("vanderpol", "x1 x2", ["-x2", "x1 + (x1**2 - 1)*x2"], None),
    ("vanderpol-mu2", "x1 x2", ["-x2", "x1 + 2*(x1**2 - 1)*x2"], None),
    ("hahn", "x1 x2", ["-x1 + 2*x1**2*x2", "-x2"], None),
    ("chesi-quadratic", "x1 x2", ["-x1 + x2", "0.1*x1 - 2*x2 - x1**2 - 0.1*x1**3"], None),
    ("chesi-cubic", "x1 x2", ["x2", "-2*x1 - 3*x2 + x1**2*x2"], None),
    ("hachicho-tibken", "x1 x2", ["-x1 + x2", "0.1*x1 - 2*x2 - x1**2 - 0.1*x1**3"], None, "x1**2 + x2**2"),
    ("moore-greitzer", "x1 x2", ["-x2 - 1.5*x1**2 - 0.5*x1**3", "3*x1 - x2"], None),
    ("brusselator", "x1 x2", ["1 - 2.5*x1 + x1**2*x2", "1.5*x1 - x1**2*x2"], (1, 1.5)),
    ("duffing-damped", "x1 x2", ["x2", "-x1 - 0.5*x2 + x1**3"], None),
    ("quadratic-2", "x1 x2", ["-x1 + x1*x2", "-x2"], None),
    ("pendulum-lqr-taylor3", "x1 x2", ["x2", "19.62*(x1 - x1**3/6) - 0.4*x2 + 4*u"], None),
    ("vannelli-vidyasagar3", "x1 x2 x3", ["-x2", "-x3", "-0.915*x1 + (1 - 0.915*x1**2)*x2 - x3"], None),
    ("genesio-tesi", "x1 x2 x3", ["x2", "x3", "-0.915*x1 - x2 - x3 + x1**2"], None),
    ("lorenz-stable", "x1 x2 x3", ["10*(x2 - x1)", "x1*(0.5 - x3) - x2", "x1*x2 - 2.6667*x3"], None),
    ("coupled-vanderpol", "x1 x2 x3 x4",
     ["-x2", "x1 + (x1**2 - 1)*x2 + 0.2*(x3 - x1)", "-x4", "x3 + (x3**2 - 1)*x4 + 0.2*(x1 - x3)"], None),
    ("linear-unbounded", "x1 x2", ["-x1 + x2", "-x1 - x2"], None),
]


def lqr_closed_loop(f, n):
    """f has n + 1 variables, the last the input u: u = -K x, K the LQR gain for Q = diag(10, 1), R = 1."""
    a = np.array([[fi.diff(j).at_zero() for j in range(n)] for fi in f])
    b = np.array([[fi.diff(n).at_zero()] for fi in f])
    p = scipy.linalg.solve_continuous_are(a, b, np.diag([10.0, 1.0]), np.array([[1.0]]))
    k = (b.T @ p).ravel()
    out = []
    for fi in f:
        g = Poly(n)
        for e, c in fi.terms.items():
            m = Poly.const(n, c)
            for j in range(n):
                m = m * Poly.var(n, j) ** e[j]
            law = Poly(n, {tuple(1 if q == j else 0 for q in range(n)): -k[j] for j in range(n)})
            g = g + m * law ** e[n]
        out.append(g)
    return out


def monomials(n, low, high):
    out = []
    for deg in range(low, high + 1):
        for c in itertools.combinations_with_replacement(range(n), deg):
            e = [0] * n
            for i in c:
                e[i] += 1
            out.append(tuple(e))
    return out


def program(states, dynamics, equilibrium, candidate=None):
    names = states.split()
    n = len(names)
    controlled = any("u" in d.replace("x", "") for d in dynamics)
    width = n + 1 if controlled else n
    env = {name: Poly.var(width, i) for i, name in enumerate(names)}
    if controlled:
        env["u"] = Poly.var(width, n)
    f = [Poly.const(width, 0) + eval(d, {}, env) for d in dynamics]
    if controlled:
        f = lqr_closed_loop(f, n)
    if equilibrium is not None:
        f = [fi.substitute_shift(equilibrium) for fi in f]
    xs = [Poly.var(n, i) for i in range(n)]
    a = np.array([[fi.diff(j).at_zero() for j in range(n)] for fi in f])
    p = scipy.linalg.solve_continuous_lyapunov(a.T, -np.eye(n))
    p = (p + p.T) / 2
    v = sum((p[i, j] * xs[i] * xs[j] for i in range(n) for j in range(n)), Poly(n))
    if candidate is not None:
        v = Poly.const(n, 0) + eval(candidate, {}, {name: xs[i] for i, name in enumerate(names)})
    vdot = sum((v.diff(i) * f[i] for i in range(n)), Poly(n))
    deg_vdot = vdot.degree()
    d = deg_vdot - 1
    s = sum((x * x for x in xs), Poly(n)) ** d
    basis = monomials(n, 1, deg_vdot)
    lam = monomials(n, 0, deg_vdot)
    rhs = (s * v).terms
    rho_coef = s.terms
    vd = vdot.terms
    rows = monomials(n, 2, 2 * deg_vdot)
    index = {m: k for k, m in enumerate(rows)}
    gram = {}
    for i in range(len(basis)):
        for j in range(i, len(basis)):
            m = tuple(a + b for a, b in zip(basis[i], basis[j]))
            gram.setdefault(index[m], []).append((i, j))
    lam_terms = {}
    for k, b in enumerate(lam):
        for mv, c in vd.items():
            m = tuple(x + y for x, y in zip(b, mv))
            lam_terms.setdefault(index[m], []).append((k, c))
    return rows, basis, lam, gram, lam_terms, rhs, rho_coef, index


def write(path, title, rows, basis, lam, gram, lam_terms, rhs, rho_coef, index):
    n = len(basis)
    lp = 2 + 2 * len(lam)
    with open(path, "w") as out:
        out.write(f'"{title}: Drake\'s region-of-attraction SOS program, free variables split (generate.py)\n')
        out.write(f"{len(rows)} = mDIM\n2 = nBLOCK\n{n} {-lp} = bLOCKsTRUCT\n")
        out.write(" ".join(repr(rhs.get(m, 0.0)) for m in rows) + "\n")
        out.write("0 2 1 1 1.0\n0 2 2 2 -1.0\n")
        for r, m in enumerate(rows):
            for i, j in gram.get(r, []):
                out.write(f"{r + 1} 1 {i + 1} {j + 1} 1.0\n")
            c = rho_coef.get(m, 0.0)
            if c != 0.0:
                out.write(f"{r + 1} 2 1 1 {c!r}\n{r + 1} 2 2 2 {-c!r}\n")
            for k, c in lam_terms.get(r, []):
                out.write(f"{r + 1} 2 {3 + 2 * k} {3 + 2 * k} {-c!r}\n{r + 1} 2 {4 + 2 * k} {4 + 2 * k} {c!r}\n")


def main():
    outdir = sys.argv[1]
    for name, states, dynamics, equilibrium, *candidate in SYSTEMS:
        parts = program(states, dynamics, equilibrium, *candidate)
        write(f"{outdir}/{name}.dat-s", name, *parts)
        print(name, "m =", len(parts[0]), "gram", len(parts[1]), "lambda", len(parts[2]))


if __name__ == "__main__":
    main()
