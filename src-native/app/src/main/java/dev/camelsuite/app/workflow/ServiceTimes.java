package dev.camelsuite.app.workflow;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** Times as the workflow service writes them: whole seconds with the offset in XML, milliseconds in JSON. */
final class ServiceTimes {

    private static final DateTimeFormatter XML = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ssxxx");
    private static final DateTimeFormatter JSON = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSX");

    private ServiceTimes() {
    }

    /** E.g. {@code 2026-11-22T09:00:00+00:00}; empty for null. */
    static String xml(OffsetDateTime time) {
        return time == null ? "" : time.withOffsetSameInstant(ZoneOffset.UTC).format(XML);
    }

    /** E.g. {@code 2026-11-22T09:00:00.123Z}; null for null. */
    static String json(OffsetDateTime time) {
        return time == null ? null : time.withOffsetSameInstant(ZoneOffset.UTC).format(JSON);
    }
}
