"""Spong's acrobot (Drake's AcrobotPlant and AcrobotParams) in NumPy, the way a JAX user writes it, and the
reference linearisation at the upright used by Mallard's tests: A = df/dx, B = df/du at x = (pi, 0, 0, 0), u = 0,
by complex-step differentiation (exact to rounding, independent of Mallard). Run: python3 acrobot.py"""
import numpy as np
from numpy import sin, cos


def acrobot(x, u, m1=1., m2=1., l1=1., lc1=.5, lc2=1., Ic1=.083, Ic2=.33, b1=.1, b2=.1, g=9.81):
    q1, q2, v1, v2 = x
    I1, I2, k = Ic1 + m1*lc1**2, Ic2 + m2*lc2**2, m2*l1*lc2
    M = np.array([[I1 + I2 + m2*l1**2 + 2*k*cos(q2), I2 + k*cos(q2)], [I2 + k*cos(q2), I2]])
    bias = np.array([-2*k*sin(q2)*v2*v1 - k*sin(q2)*v2**2 + g*(m1*lc1*sin(q1) + m2*(l1*sin(q1) + lc2*sin(q1 + q2))) + b1*v1,
                     k*sin(q2)*v1**2 + g*m2*lc2*sin(q1 + q2) + b2*v2])
    return np.concatenate([[v1, v2], np.linalg.solve(M, np.array([0, u]) - bias)])


if __name__ == "__main__":
    x0, h = np.array([np.pi, 0., 0., 0.], dtype=complex), 1e-30
    A = np.array([np.imag(acrobot(x0 + 1j*h*np.eye(4)[j], 0.)) / h for j in range(4)]).T
    B = np.imag(acrobot(x0, 1j*h)) / h
    np.set_printoptions(precision=17)
    print("A =", repr(A))
    print("B =", repr(B))
    print("f(x0, 0.7) at x = (0.3, -0.4, 0.5, -0.6):", repr(acrobot(np.array([0.3, -0.4, 0.5, -0.6]), 0.7)))
