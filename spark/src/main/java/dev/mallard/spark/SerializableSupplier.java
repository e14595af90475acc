package dev.mallard.spark;

import java.io.Serializable;
import java.util.function.Supplier;

/**
 * A {@link Supplier} that Spark can ship to its executors: a lambda or method reference assigned to this type
 * is serialisable as long as everything it captures is. Use it to build a Java system on the executor
 * instead of shipping a built one (systems are not serialisable).
 *
 * @param <T> what it supplies
 */
@FunctionalInterface
public interface SerializableSupplier<T> extends Supplier<T>, Serializable {
}
