package dev.camelsuite.uima;

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
}
