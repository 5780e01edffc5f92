package dev.camelsuite.uima.service;

import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import org.apache.camel.CamelContext;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.uima.resource.metadata.TypeDescription;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A served route's descriptor may import its type system as UIMA's own examples do: by location, relative to the
 * descriptor, or by name, from the class path; wherever the descriptor is (a file, the class path, a jar).
 */
class DescriptorImportsTest {

    private static final String FOLDER = "dev/camelsuite/uima/imports/";
    private static final String ROOM_NUMBER = "org.apache.uima.tutorial.RoomNumber";

    @TempDir
    Path work;

    private CamelContext context;

    @BeforeEach
    void start() {
        context = new DefaultCamelContext();
    }

    @AfterEach
    void stop() throws Exception {
        context.close();
    }

    @Test
    void aLocationImportIsReadBesideADescriptorOnTheClassPath() {
        assertServesRoomNumbers("classpath:" + FOLDER + "RoomNumberAE.xml");
        assertServesRoomNumbers(FOLDER + "RoomNumberAE.xml"); // a bare class path resource
    }

    @Test
    void aLocationImportIsReadBesideADescriptorFile() throws Exception {
        Path folder = Files.createDirectories(work.resolve("descriptors"));
        copy("RoomNumberAE.xml", folder);
        copy("RoomNumberTypeSystem.xml", folder);
        assertServesRoomNumbers("file:" + folder.resolve("RoomNumberAE.xml"));
    }

    @Test
    void aNameImportIsFoundOnTheClassPath() {
        assertServesRoomNumbers("classpath:" + FOLDER + "RoomNumberByName.xml");
    }

    @Test
    void importsAreReadInsideAJarOnTheApplicationsClassPath() throws Exception {
        Path jar = work.resolve("descriptors.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (String file : new String[] { "RoomNumberAE.xml", "RoomNumberByName.xml", "RoomNumberTypeSystem.xml" }) {
                out.putNextEntry(new JarEntry("packaged/" + file));
                out.write(resource(file));
                out.closeEntry();
            }
            // the name import looks for the type system under its package's folder
            out.putNextEntry(new JarEntry("jarred/RoomNumberTypeSystem.xml"));
            out.write(resource("RoomNumberTypeSystem.xml"));
            out.closeEntry();
            out.putNextEntry(new JarEntry("jarred/ByName.xml"));
            out.write(new String(resource("RoomNumberByName.xml"), StandardCharsets.UTF_8)
                    .replace("dev.camelsuite.uima.imports.RoomNumberTypeSystem", "jarred.RoomNumberTypeSystem")
                    .getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] { jar.toUri().toURL() }, null)) {
            context.setApplicationContextClassLoader(loader);
            assertServesRoomNumbers("classpath:packaged/RoomNumberAE.xml");
            assertServesRoomNumbers("classpath:jarred/ByName.xml");
        }
    }

    @Test
    void anImportThatIsNotThereIsNamedInTheError() throws Exception {
        Path folder = Files.createDirectories(work.resolve("alone"));
        copy("RoomNumberAE.xml", folder);
        assertThatThrownBy(() -> ServedMetadata.load(context, "file:" + folder.resolve("RoomNumberAE.xml")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Option descriptor: ")
                .hasMessageContaining(folder.resolve("RoomNumberTypeSystem.xml").toUri().getPath());
    }

    private void assertServesRoomNumbers(String location) {
        ServedMetadata served = ServedMetadata.load(context, location);
        assertThat(served.name()).isEqualTo("RoomNumberAnnotator");
        assertThat(served.metadataXml()).contains(ROOM_NUMBER).doesNotContain("<import");
        TypeDescription[] types = served.typeSystem().getTypes();
        assertThat(types).extracting(TypeDescription::getName).contains(ROOM_NUMBER);
    }

    private static void copy(String file, Path folder) throws Exception {
        try (OutputStream out = Files.newOutputStream(folder.resolve(file))) {
            out.write(resource(file));
        }
    }

    private static byte[] resource(String file) throws Exception {
        try (var in = DescriptorImportsTest.class.getClassLoader().getResourceAsStream(FOLDER + file)) {
            return in.readAllBytes();
        }
    }
}
