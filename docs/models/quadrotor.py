"""Drake's planar quadrotor (Quadrotor2D: m = 0.486, I = 0.00383, r = 0.25, g = 9.81) in NumPy, the way a JAX user
writes it. Run: python3 quadrotor.py"""
import numpy as np
from numpy import sin, cos


def quadrotor(x, u, m=0.486, I=0.00383, r=0.25, g=9.81):
    theta, v = x[2], x[3:]
    return np.concatenate([v, [-sin(theta)*(u[0] + u[1])/m, cos(theta)*(u[0] + u[1])/m - g, r*(u[0] - u[1])/I]])


if __name__ == "__main__":
    np.set_printoptions(precision=17)
    print(repr(quadrotor(np.array([0.1, -0.2, 0.3, 0.4, -0.5, 0.6]), np.array([2.0, 2.5]))))
