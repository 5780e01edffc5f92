package dev.camelsuite.enhancer.engines.tika;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import javax.imageio.ImageIO;

/**
 * A JPEG photo as a camera writes it, made here: its pixels by the JDK, its EXIF (camera, ISO speed, the moment it
 * was taken, where) and its XMP (keywords) written by hand into the APP1 segments that carry them. For examples,
 * tests and benchmarks of the tika engine's image metadata.
 */
public final class SampleImages {

    /** What the sample says of itself. */
    public static final String MAKE = "Camel Cameras";
    public static final String MODEL = "Humpback 2";
    public static final int ISO = 400;
    public static final String TAKEN = "2024:01:02 03:04:05";
    public static final int WIDTH = 64;
    public static final int HEIGHT = 48;

    private static final short ASCII = 2;
    private static final short SHORT = 3;
    private static final short LONG = 4;
    private static final short RATIONAL = 5;

    private SampleImages() {
    }

    /** A photo taken at 48°51'30"N 2°17'40"E, tagged with the keywords given (XMP {@code dc:subject}). */
    public static byte[] jpeg(String... keywords) {
        try {
            BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
            ByteArrayOutputStream pixels = new ByteArrayOutputStream();
            ImageIO.write(image, "jpeg", pixels);
            byte[] jpeg = pixels.toByteArray();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.write(jpeg, 0, 2); // SOI
            app1(out, concat("Exif\0\0".getBytes(StandardCharsets.US_ASCII), exif()));
            app1(out, concat("http://ns.adobe.com/xap/1.0/\0".getBytes(StandardCharsets.US_ASCII), xmp(keywords)));
            out.write(jpeg, 2, jpeg.length - 2);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void app1(ByteArrayOutputStream out, byte[] payload) {
        out.write(0xFF);
        out.write(0xE1);
        int length = payload.length + 2;
        out.write(length >> 8);
        out.write(length & 0xFF);
        out.write(payload, 0, payload.length);
    }

    /** A big-endian TIFF structure: IFD0 (make, model, the EXIF and GPS pointers), the EXIF IFD, the GPS IFD. */
    private static byte[] exif() {
        Ifd ifd0 = new Ifd();
        ifd0.ascii(0x010F, MAKE);
        ifd0.ascii(0x0110, MODEL);
        Ifd exif = new Ifd();
        exif.add(0x8827, SHORT, 1, ByteBuffer.allocate(2).putShort((short) ISO).array());
        exif.ascii(0x9003, TAKEN);
        Ifd gps = new Ifd();
        gps.ascii(0x0001, "N");
        gps.add(0x0002, RATIONAL, 3, rationals(48, 1, 51, 1, 30, 1));
        gps.ascii(0x0003, "E");
        gps.add(0x0004, RATIONAL, 3, rationals(2, 1, 17, 1, 40, 1));
        int ifd0Size = ifd0.size() + 24; // the two pointers still to come
        int exifAt = 8 + ifd0Size;
        int gpsAt = exifAt + exif.size();
        ifd0.add(0x8769, LONG, 1, ByteBuffer.allocate(4).putInt(exifAt).array());
        ifd0.add(0x8825, LONG, 1, ByteBuffer.allocate(4).putInt(gpsAt).array());
        ByteArrayOutputStream tiff = new ByteArrayOutputStream();
        tiff.writeBytes(new byte[] { 'M', 'M', 0, 42, 0, 0, 0, 8 });
        tiff.writeBytes(ifd0.bytes(8));
        tiff.writeBytes(exif.bytes(exifAt));
        tiff.writeBytes(gps.bytes(gpsAt));
        return tiff.toByteArray();
    }

    private static byte[] rationals(int... numeratorsAndDenominators) {
        ByteBuffer buffer = ByteBuffer.allocate(numeratorsAndDenominators.length * 4);
        for (int n : numeratorsAndDenominators) {
            buffer.putInt(n);
        }
        return buffer.array();
    }

    private static byte[] xmp(String... keywords) {
        StringBuilder bag = new StringBuilder();
        for (String k : keywords) {
            bag.append("<rdf:li>").append(k).append("</rdf:li>");
        }
        return ("<?xpacket begin=\"\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?><x:xmpmeta xmlns:x=\"adobe:ns:meta/\">"
                + "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"><rdf:Description rdf:about=\"\""
                + " xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:subject><rdf:Bag>" + bag
                + "</rdf:Bag></dc:subject></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end=\"w\"?>")
                .getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = new byte[a.length + b.length];
        System.arraycopy(a, 0, c, 0, a.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    /** One image file directory: its entries in tag order, values over four bytes after them. */
    private static final class Ifd {
        private record Entry(int tag, short type, int count, byte[] value) {
        }

        private final List<Entry> entries = new ArrayList<>();

        void ascii(int tag, String text) {
            byte[] value = (text + "\0").getBytes(StandardCharsets.US_ASCII);
            add(tag, ASCII, value.length, value);
        }

        void add(int tag, short type, int count, byte[] value) {
            entries.add(new Entry(tag, type, count, value));
            entries.sort((x, y) -> Integer.compare(x.tag(), y.tag()));
        }

        int size() {
            int size = 2 + entries.size() * 12 + 4;
            for (Entry e : entries) {
                size += e.value().length > 4 ? e.value().length : 0;
            }
            return size;
        }

        /** The directory as it lies at {@code at}, counted from the start of the TIFF structure. */
        byte[] bytes(int at) {
            ByteBuffer out = ByteBuffer.allocate(size());
            out.putShort((short) entries.size());
            int extra = at + 2 + entries.size() * 12 + 4;
            ByteArrayOutputStream values = new ByteArrayOutputStream();
            for (Entry e : entries) {
                out.putShort((short) e.tag()).putShort(e.type()).putInt(e.count());
                if (e.value().length > 4) {
                    out.putInt(extra + values.size());
                    values.writeBytes(e.value());
                } else {
                    out.put(java.util.Arrays.copyOf(e.value(), 4));
                }
            }
            out.putInt(0);
            out.put(values.toByteArray());
            return out.array();
        }
    }
}
