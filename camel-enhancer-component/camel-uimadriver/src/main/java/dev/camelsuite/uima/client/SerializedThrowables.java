package dev.camelsuite.uima.client;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.InflaterInputStream;

/**
 * Reads the exception a UIMA AS service sends back (a Java-serialized {@code UimaEEServiceException} wrapping the
 * real cause) without deserializing it: the stream is walked by the grammar of the Java serialization protocol, and
 * only class names and field values come out. No class is ever loaded or instantiated, so a hostile or merely
 * unexpected stream can do nothing — a stricter form of a deserialization filter — and the service's classes need not
 * be on this side's classpath at all.
 * <p>
 * Whatever the stream says, reading it ends, and soon: the stream is at most {@value #MAX_BYTES} bytes (inflated, when
 * it came compressed), objects nest and class hierarchies reach at most {@value #MAX_DEPTH} deep, a hierarchy that
 * names itself as its own superclass is refused, and at most {@value #MAX_HANDLES} objects are kept.
 */
final class SerializedThrowables {

    /** Deepest nesting of objects, and of a class hierarchy. */
    private static final int MAX_DEPTH = 64;
    /** The largest stream read, compressed streams inflated. */
    static final int MAX_BYTES = 1 << 20;
    /** The most objects, strings and class descriptions one stream may define. */
    private static final int MAX_HANDLES = 1 << 16;

    /** One exception of the chain: the class the service threw and its message (null when it had none). */
    record RemoteCause(String className, String message) {
        @Override
        public String toString() {
            return message == null ? className : className + ": " + message;
        }
    }

    /** An object of the stream: its class and its fields, all classes of its hierarchy merged. */
    private static final class SerialObject {
        final String className;
        final Map<String, Object> fields = new HashMap<>();

        SerialObject(String className) {
            this.className = className;
        }
    }

    private record FieldDesc(char type, String name) {
    }

    private static final class ClassDesc {
        final String name;
        byte flags;
        final List<FieldDesc> fields = new ArrayList<>();
        ClassDesc superDesc;

        ClassDesc(String name) {
            this.name = name;
        }
    }

    private final DataInputStream in;
    private final List<Object> handles = new ArrayList<>();

    private SerializedThrowables(byte[] bytes) {
        this.in = new DataInputStream(new ByteArrayInputStream(bytes));
    }

    /**
     * The exception chain in a serialized stream, outermost first.
     *
     * @throws IOException when the bytes are not a serialized object of a form this reader knows
     */
    static List<RemoteCause> read(byte[] bytes) throws IOException {
        if (bytes.length > MAX_BYTES) {
            throw new IOException("a serialized exception of " + bytes.length + " bytes; at most " + MAX_BYTES
                                  + " are read");
        }
        SerializedThrowables reader = new SerializedThrowables(bytes);
        if (reader.in.readUnsignedShort() != 0xACED || reader.in.readUnsignedShort() != 5) {
            throw new IOException("not a Java serialization stream");
        }
        Object top = reader.content(0);
        List<RemoteCause> chain = new ArrayList<>();
        Map<Object, Boolean> seen = new IdentityHashMap<>();
        Object current = top;
        while (current instanceof SerialObject o && seen.put(o, Boolean.TRUE) == null) {
            chain.add(new RemoteCause(o.className, messageOf(o)));
            current = o.fields.get("cause");
            if (current == o || current == null) {
                // UIMA's exceptions keep their cause in a field of their own
                current = o.fields.get("mCause");
            }
        }
        if (chain.isEmpty()) {
            throw new IOException("the stream holds no object");
        }
        return chain;
    }

    /** Inflates a compressed stream (ActiveMQ's compressed object messages), refusing one that inflates too far. */
    static byte[] inflate(byte[] compressed) throws IOException {
        try (InputStream in = new InflaterInputStream(new ByteArrayInputStream(compressed))) {
            byte[] bytes = in.readNBytes(MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw new IOException("a compressed serialized exception inflates to more than " + MAX_BYTES
                                      + " bytes");
            }
            return bytes;
        }
    }

    /** Throwable's own message, or a UIMA exception's message key and arguments (its text lives in a bundle). */
    private static String messageOf(SerialObject o) {
        Object message = o.fields.get("detailMessage");
        if (message instanceof String s) {
            return s;
        }
        Object key = o.fields.get("mMessageKey");
        if (key instanceof String k) {
            StringBuilder sb = new StringBuilder(k);
            if (o.fields.get("mArguments") instanceof Object[] args && args.length > 0) {
                sb.append(' ').append(Arrays.stream(args).map(SerializedThrowables::text).toList());
            }
            return sb.toString();
        }
        return null;
    }

    private static String text(Object value) {
        if (value instanceof SerialObject o) {
            // a boxed primitive (java.lang.Integer and its kind) keeps its value in a field "value"
            return o.className.startsWith("java.lang.") && o.fields.containsKey("value")
                    ? String.valueOf(o.fields.get("value")) : o.className;
        }
        return String.valueOf(value);
    }

    private Object content(int depth) throws IOException {
        if (depth > MAX_DEPTH) {
            throw new IOException("objects nested too deep");
        }
        int tc = in.readUnsignedByte();
        while (tc == 0x79) { // TC_RESET: a loop, so that a stream of resets cannot nest the reader's calls
            handles.clear();
            tc = in.readUnsignedByte();
        }
        switch (tc) {
            case 0x70: // TC_NULL
                return null;
            case 0x71: { // TC_REFERENCE
                int handle = in.readInt() - 0x7E0000;
                if (handle < 0 || handle >= handles.size()) {
                    throw new IOException("bad reference " + handle);
                }
                return handles.get(handle);
            }
            case 0x74: // TC_STRING
                return register(in.readUTF());
            case 0x7C: // TC_LONGSTRING
                return register(longUtf());
            case 0x72: // TC_CLASSDESC
            case 0x7D: // TC_PROXYCLASSDESC
                return classDesc(tc, depth);
            case 0x76: { // TC_CLASS
                ClassDesc desc = classDescOrNull(depth);
                return register(desc == null ? null : desc.name);
            }
            case 0x7E: { // TC_ENUM
                ClassDesc desc = classDescOrNull(depth);
                int handle = handles.size();
                register(null);
                Object constant = content(depth + 1);
                String value = (desc == null ? "?" : desc.name) + "." + constant;
                handles.set(handle, value);
                return value;
            }
            case 0x75: // TC_ARRAY
                return array(depth);
            case 0x73: // TC_OBJECT
                return object(depth);
            case 0x77: // TC_BLOCKDATA
                in.skipNBytes(in.readUnsignedByte());
                return BLOCK;
            case 0x7A: // TC_BLOCKDATALONG
                in.skipNBytes(in.readInt());
                return BLOCK;
            default:
                throw new IOException("unexpected type code 0x" + Integer.toHexString(tc));
        }
    }

    /** Stands for block data, which this reader skips. */
    private static final Object BLOCK = new Object();

    private Object register(Object value) throws IOException {
        if (handles.size() >= MAX_HANDLES) {
            throw new IOException("more than " + MAX_HANDLES + " objects in one stream");
        }
        handles.add(value);
        return value;
    }

    private String longUtf() throws IOException {
        long length = in.readLong();
        if (length > 1 << 24) {
            throw new IOException("string too long");
        }
        byte[] bytes = in.readNBytes((int) length);
        return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
    }

    private ClassDesc classDescOrNull(int depth) throws IOException {
        Object desc = content(depth + 1);
        if (desc != null && !(desc instanceof ClassDesc)) {
            throw new IOException("expected a class description");
        }
        return (ClassDesc) desc;
    }

    private ClassDesc classDesc(int tc, int depth) throws IOException {
        ClassDesc desc;
        if (tc == 0x7D) {
            desc = new ClassDesc("$Proxy");
            register(desc);
            int interfaces = in.readInt();
            for (int i = 0; i < interfaces; i++) {
                in.readUTF();
            }
        } else {
            desc = new ClassDesc(in.readUTF());
            in.readLong(); // serialVersionUID
            register(desc);
            desc.flags = in.readByte();
            int count = in.readUnsignedShort();
            for (int i = 0; i < count; i++) {
                char type = (char) in.readUnsignedByte();
                String name = in.readUTF();
                if (type == 'L' || type == '[') {
                    content(depth + 1); // the field's class name
                }
                desc.fields.add(new FieldDesc(type, name));
            }
        }
        annotation(depth); // classAnnotation
        desc.superDesc = classDescOrNull(depth);
        return desc;
    }

    /** Contents up to TC_ENDBLOCKDATA. */
    private void annotation(int depth) throws IOException {
        while (true) {
            in.mark(1);
            if (in.readUnsignedByte() == 0x78) {
                return;
            }
            in.reset();
            content(depth + 1);
        }
    }

    private Object array(int depth) throws IOException {
        ClassDesc desc = classDescOrNull(depth);
        if (desc == null || desc.name.length() < 2 || desc.name.charAt(0) != '[') {
            throw new IOException("bad array class");
        }
        int handle = handles.size();
        register(null);
        int length = in.readInt();
        if (length < 0 || length > 1 << 20) {
            throw new IOException("bad array length " + length);
        }
        char type = desc.name.charAt(1);
        Object[] values = new Object[type == 'L' || type == '[' ? length : 0];
        for (int i = 0; i < length; i++) {
            Object v = value(type, depth);
            if (values.length > 0) {
                values[i] = v;
            }
        }
        handles.set(handle, values);
        return values;
    }

    private Object object(int depth) throws IOException {
        ClassDesc desc = classDescOrNull(depth);
        if (desc == null) {
            throw new IOException("object without class");
        }
        SerialObject object = new SerialObject(desc.name);
        register(object);
        List<ClassDesc> hierarchy = new ArrayList<>();
        Set<ClassDesc> walked = Collections.newSetFromMap(new IdentityHashMap<>());
        for (ClassDesc d = desc; d != null; d = d.superDesc) {
            if (!walked.add(d)) {
                throw new IOException("the class hierarchy of " + desc.name + " names " + d.name
                                      + " as its own superclass");
            }
            if (walked.size() > MAX_DEPTH) {
                throw new IOException("the class hierarchy of " + desc.name + " is deeper than " + MAX_DEPTH);
            }
            hierarchy.add(0, d);
        }
        for (ClassDesc d : hierarchy) {
            boolean externalizable = (d.flags & 0x04) != 0;
            if (externalizable) {
                if ((d.flags & 0x08) == 0) {
                    throw new IOException("old externalizable format of " + d.name);
                }
                annotation(depth);
                continue;
            }
            for (FieldDesc f : d.fields) {
                object.fields.put(f.name(), value(f.type(), depth));
            }
            if ((d.flags & 0x01) != 0) { // SC_WRITE_METHOD: what writeObject added after the fields
                annotation(depth);
            }
        }
        return object;
    }

    private Object value(char type, int depth) throws IOException {
        return switch (type) {
            case 'B' -> in.readByte();
            case 'C' -> in.readChar();
            case 'D' -> in.readDouble();
            case 'F' -> in.readFloat();
            case 'I' -> in.readInt();
            case 'J' -> in.readLong();
            case 'S' -> in.readShort();
            case 'Z' -> in.readBoolean();
            case 'L', '[' -> content(depth + 1);
            default -> throw new IOException("bad field type " + type);
        };
    }
}
