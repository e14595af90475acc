/**
 * Symja (matheclipse-core) at the edges of Mallard's expression graph: conversion between
 * {@link dev.mallard.symbolic.Expression} and Symja's {@code IExpr}, simplification, factoring, Taylor
 * series and TeX. Symja's engine costs seconds to start, so it is started lazily, on the first call of a
 * method here, and never by anything in {@link dev.mallard.symbolic} or its compile package.
 *
 * <p>This package is the module {@code mallard-symja}, the only Mallard module that depends on Symja: a
 * program that simulates, differentiates, compiles expressions or certifies regions of attraction does not
 * have Symja (and its 50-odd jars) on its class path. Symja logs through log4j-api and SLF4J; like every
 * library, this module ships no logging binding, so a program that wants Symja silent adds one (for example
 * {@code log4j-to-slf4j} with {@code slf4j-nop}), and a program that has its own logging keeps it.
 */
package dev.mallard.symja;
