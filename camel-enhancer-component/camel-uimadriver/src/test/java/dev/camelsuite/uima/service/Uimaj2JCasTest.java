package dev.camelsuite.uima.service;

import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.apache.camel.CamelContext;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A served route whose types have JCas classes of UIMA 2 on the application's class path (a 2.10 annotator's jar
 * brings them along) fails to start, saying what to do.
 */
class Uimaj2JCasTest {

    @Test
    void jcasClassesOfUima2FailTheStartWithWhatToRebuild() throws Exception {
        // the tutorial's annotator and its JCas classes as UIMA 2.10 built them: the stock service's jar
        Path classpath = Path.of("../../uima-as-test-service/target/service-classpath.txt");
        Path examples = Stream.of(Files.readString(classpath).trim().split(File.pathSeparator))
                .filter(jar -> jar.contains("uimaj-examples-2.")).map(Path::of).findFirst().orElseThrow();
        try (CamelContext context = new DefaultCamelContext();
             URLClassLoader application = new Uima2First(examples.toUri().toURL(),
                     Uimaj2JCasTest.class.getClassLoader())) {
            context.setApplicationContextClassLoader(application);
            ServedMetadata served = ServedMetadata.load(context,
                    "classpath:dev/camelsuite/uima/imports/RoomNumberAE.xml");
            assertThatThrownBy(served::newCas)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("Option descriptor: the JCas classes of RoomNumberAnnotator's types")
                    .hasMessageContaining("generated for UIMA 2")
                    .hasMessageContaining("JCasGen of UIMA 3")
                    .hasMessageContaining("docs/uimadriver-component.adoc")
                    .hasMessageContaining("org.apache.uima.tutorial.RoomNumber");
        }
    }

    /**
     * The application's class loader with the 2.10 jar first for the tutorial's classes, as an application that
     * bundles the old annotator sees them (this test's own class path has UIMA 3's build of the same classes).
     */
    private static final class Uima2First extends URLClassLoader {
        Uima2First(URL jar, ClassLoader parent) {
            super(new URL[] { jar }, parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith("org.apache.uima.tutorial.")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> loaded = findLoadedClass(name);
                return loaded != null ? loaded : findClass(name);
            }
        }
    }
}
