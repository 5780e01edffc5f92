package dev.camelsuite.uima.client;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The service's exceptions are read from their serialized form without instantiating anything. */
class SerializedThrowablesTest {

    /** Stands for a service-side exception class (as UIMA's, it keeps its text in a message key and arguments). */
    static class KeyedException extends Exception {
        private static final long serialVersionUID = 1L;
        private final String mMessageKey;
        private final Object[] mArguments;
        private final Throwable mCause;

        KeyedException(String key, Object[] arguments, Throwable cause) {
            this.mMessageKey = key;
            this.mArguments = arguments;
            this.mCause = cause;
        }
    }

    private static byte[] serialize(Object o) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        return bytes.toByteArray();
    }

    @Test
    void theChainOfCausesWithTheirMessages() throws Exception {
        Exception e = new RuntimeException("outer", new IllegalStateException("No room number model for 'xx'"));
        e.addSuppressed(new IllegalArgumentException("suppressed"));
        assertThat(SerializedThrowables.read(serialize(e))).extracting(Object::toString).containsExactly(
                "java.lang.RuntimeException: outer", "java.lang.IllegalStateException: No room number model for 'xx'");
    }

    @Test
    void aMessageKeyAndArgumentsWhenThereIsNoMessage() throws Exception {
        Exception e = new KeyedException("annotator_exception", new Object[] { "RoomNumberAnnotator", 42 },
                new ArithmeticException("/ by zero"));
        List<SerializedThrowables.RemoteCause> chain = SerializedThrowables.read(serialize(e));
        assertThat(chain.get(0).className()).isEqualTo(KeyedException.class.getName());
        // its text lives in a bundle on the service's side: the key and arguments stand for it
        assertThat(chain.get(0).message()).isEqualTo("annotator_exception [RoomNumberAnnotator, 42]");
        assertThat(chain.get(1)).hasToString("java.lang.ArithmeticException: / by zero");
    }

    @Test
    void aCauseLessExceptionWithoutMessage() throws Exception {
        List<SerializedThrowables.RemoteCause> chain = SerializedThrowables.read(
                serialize(new UnsupportedOperationException()));
        assertThat(chain).extracting(Object::toString).containsExactly("java.lang.UnsupportedOperationException");
    }

    @Test
    void bytesThatAreNotASerializedObjectAreRefused() {
        assertThatThrownBy(() -> SerializedThrowables.read("not serialized".getBytes()))
                .isInstanceOf(IOException.class);
        assertThatThrownBy(() -> SerializedThrowables.read(new byte[] { (byte) 0xAC, (byte) 0xED, 0, 5, 0x7F }))
                .isInstanceOf(IOException.class).hasMessageContaining("unexpected type code");
    }

    @Test
    void aNestedTreeDeeperThanAnyExceptionIsRefused() throws Exception {
        Object deep = null;
        for (int i = 0; i < 200; i++) {
            deep = new Object[] { deep };
        }
        Object bomb = deep;
        assertThatThrownBy(() -> SerializedThrowables.read(serialize(bomb))).isInstanceOf(IOException.class)
                .hasMessageContaining("too deep");
    }

    /** A hand-made stream: an object of class A, whose superclass (a reference to handle 0) is A itself. */
    static final byte[] SELF_SUPERCLASS = {
        (byte) 0xAC, (byte) 0xED, 0, 5,                 // magic, version
        0x73,                                           // TC_OBJECT
        0x72, 0, 1, 'A',                                // TC_CLASSDESC "A" (handle 0)
        0, 0, 0, 0, 0, 0, 0, 1,                         // serialVersionUID
        0x02, 0, 0,                                     // SC_SERIALIZABLE, no fields
        0x78,                                           // end of the class annotation
        0x71, 0, 0x7E, 0, 0                             // superclass: TC_REFERENCE to handle 0, A itself
    };

    @Test
    void aClassThatIsItsOwnSuperclassIsRefusedAtOnce() {
        assertThat(SELF_SUPERCLASS).hasSize(26);
        assertThatThrownBy(() -> SerializedThrowables.read(SELF_SUPERCLASS)).isInstanceOf(IOException.class)
                .hasMessage("the class hierarchy of A names A as its own superclass");
    }

    @Test
    void aMillionResetsAreReadWithoutNestingAndEndTheStream() {
        byte[] resets = new byte[4 + 1_000_000];
        resets[0] = (byte) 0xAC;
        resets[1] = (byte) 0xED;
        resets[3] = 5;
        java.util.Arrays.fill(resets, 4, resets.length, (byte) 0x79);
        assertThatThrownBy(() -> SerializedThrowables.read(resets)).isInstanceOf(java.io.EOFException.class);
    }

    @Test
    void streamsAndInflatedStreamsOverTheLimitAreRefused() throws Exception {
        byte[] large = new byte[SerializedThrowables.MAX_BYTES + 1];
        large[0] = (byte) 0xAC;
        large[1] = (byte) 0xED;
        large[3] = 5;
        assertThatThrownBy(() -> SerializedThrowables.read(large)).isInstanceOf(IOException.class)
                .hasMessage("a serialized exception of 1048577 bytes; at most 1048576 are read");
        // 100 MB of zeros compress to about 100 KB: inflating stops after the limit
        java.io.ByteArrayOutputStream compressed = new java.io.ByteArrayOutputStream();
        try (java.util.zip.DeflaterOutputStream out = new java.util.zip.DeflaterOutputStream(compressed)) {
            byte[] zeros = new byte[1 << 20];
            for (int i = 0; i < 100; i++) {
                out.write(zeros);
            }
        }
        assertThat(compressed.size()).isLessThan(200_000);
        assertThatThrownBy(() -> SerializedThrowables.inflate(compressed.toByteArray())).isInstanceOf(IOException.class)
                .hasMessage("a compressed serialized exception inflates to more than 1048576 bytes");
        // a real exception, compressed, inflates and reads as before
        java.io.ByteArrayOutputStream small = new java.io.ByteArrayOutputStream();
        try (java.util.zip.DeflaterOutputStream out = new java.util.zip.DeflaterOutputStream(small)) {
            out.write(serialize(new IllegalStateException("compressed")));
        }
        assertThat(SerializedThrowables.read(SerializedThrowables.inflate(small.toByteArray())))
                .extracting(Object::toString).containsExactly("java.lang.IllegalStateException: compressed");
    }

    @Test
    void aStreamDefiningMoreObjectsThanAnExceptionEverHasIsRefused() throws Exception {
        String[] many = new String[70_000];
        for (int i = 0; i < many.length; i++) {
            many[i] = "s" + i;
        }
        assertThatThrownBy(() -> SerializedThrowables.read(serialize((Object) many))).isInstanceOf(IOException.class)
                .hasMessage("more than 65536 objects in one stream");
    }
}
