/**
 * Cross-module acceptance tests: one system run with each number type, end-to-end analyses.
 */
package dev.mallard.tests;
