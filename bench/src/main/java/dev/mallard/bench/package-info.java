/**
 * JMH benchmarks of Mallard side by side with its peers, every figure a ratio within one run: double
 * simulation ({@link dev.mallard.bench.DoubleSimulationBenchmark}), gradients through simulation
 * ({@link dev.mallard.bench.GradientBenchmark}), event-heavy simulation
 * ({@link dev.mallard.bench.EventBenchmark}), and the work behind them ({@link dev.mallard.bench.RunStatistics}).
 * Run with {@code bench/run.sh}; results in docs/PERFORMANCE.md.
 */
package dev.mallard.bench;
