package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A user who only simulates gets a small class path: the simulator module's own test class path (which is
 * its runtime class path plus JUnit) holds neither Symja, nor Hipparchus, nor a logging API or binding.
 */
class SmallClassPathTest {

    @ParameterizedTest
    @ValueSource(strings = {
        "org.matheclipse.core.expression.F", // Symja: lives in mallard-symja only
        "org.hipparchus.CalculusFieldElement", // Hipparchus: came with Symja
        "org.slf4j.LoggerFactory", // no logging API ...
        "org.slf4j.impl.StaticLoggerBinder", // ... and no binding that would silence the user's logging
        "org.apache.logging.log4j.LogManager",
        "org.knowm.xchart.XYChart", // plotting belongs to the CLI
    })
    void heavyOrIntrusiveLibrariesAreNotOnTheSimulatorsClassPath(String className) {
        assertThrows(ClassNotFoundException.class, () -> Class.forName(className),
                className + " is on the simulator's class path");
    }
}
