/**
 * Symja (matheclipse-core) at the edges of Mallard's expression graph: conversion between
 * {@link dev.mallard.symbolic.Expression} and Symja's {@code IExpr}, simplification, factoring, Taylor
 * series and TeX. Symja's engine costs seconds to start, so it is started lazily, on the first call of a
 * method here, and never by anything in {@link dev.mallard.symbolic} or its compile package.
 */
package dev.mallard.symbolic.symja;
