package dev.mallard.spark;

import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectOutputStream;
import java.io.OutputStream;

/**
 * The check, on the driver, that an object can reach Spark's executors: it is serialised with Java
 * serialisation (what Spark uses for task closures) into a stream that discards the bytes. Refusing here
 * gives the user a message naming the culprit before any job starts, instead of Spark's "Task not
 * serializable" from deep inside the scheduler.
 */
final class Shipping {

    private Shipping() {
    }

    /**
     * @param object the object to ship, not null
     * @param role what it is, for the message ("the stochastic simulation")
     * @throws IllegalArgumentException if it cannot be serialised, naming the class that is not serialisable
     */
    static void check(Object object, String role) {
        if (object == null) {
            throw new IllegalArgumentException(role + " must not be null");
        }
        try (ObjectOutputStream out = new ObjectOutputStream(OutputStream.nullOutputStream())) {
            out.writeObject(object);
        } catch (NotSerializableException e) {
            throw new IllegalArgumentException(role + " cannot be shipped to Spark executors: it is or captures an "
                    + "instance of " + e.getMessage() + ", which is not Serializable. Systems, contexts and "
                    + "simulators are never serialisable: capture only numbers and strings, and build the system "
                    + "on the executor (a formula system's text, or a SerializableSupplier).", e);
        } catch (IOException e) {
            throw new IllegalArgumentException(role + " cannot be shipped to Spark executors: " + e, e);
        }
    }
}
