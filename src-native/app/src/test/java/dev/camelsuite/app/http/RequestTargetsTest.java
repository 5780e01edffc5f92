package dev.camelsuite.app.http;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** What a request's path and query may hold once decoded. */
class RequestTargetsTest {

    @Test
    void ordinaryTargetsAreTaken() {
        assertThat(RequestTargets.refusal("/objects/druid:bb123cd4567/workflows/accessionWF?version=1")).isNull();
        assertThat(RequestTargets.refusal("/objects/druid:a%20b%25c/workflows")).isNull();
        assertThat(RequestTargets.refusal("/objects/caf%C3%A9/workflows?lane-id=a+b")).isNull();
        assertThat(RequestTargets.refusal("/objects/%F0%9F%93%9A/workflows")).isNull();
        assertThat(RequestTargets.refusal("/")).isNull();
    }

    @Test
    void invisibleAndControlCharactersAreRefused() {
        assertThat(RequestTargets.refusal("/objects/a%E2%80%AEb")).contains("U+202E").startsWith("The path");
        assertThat(RequestTargets.refusal("/objects/a%E2%80%A8b")).contains("U+2028");
        assertThat(RequestTargets.refusal("/objects/a%E2%80%8Bb")).contains("U+200B");
        assertThat(RequestTargets.refusal("/objects/a%00b")).contains("U+0000");
        assertThat(RequestTargets.refusal("/objects/a%0Ab")).contains("U+000A");
        assertThat(RequestTargets.refusal("/x?lane-id=%E2%80%AE")).startsWith("The query");
    }

    @Test
    void invalidUtf8AndBrokenEscapesAreRefused() {
        assertThat(RequestTargets.refusal("/objects/a%FFb")).contains("not valid UTF-8");
        // an overlong encoding of '/'
        assertThat(RequestTargets.refusal("/objects/a%C0%AFb")).contains("not valid UTF-8");
        // a lone surrogate, encoded
        assertThat(RequestTargets.refusal("/objects/a%ED%A0%80b")).contains("not valid UTF-8");
        assertThat(RequestTargets.refusal("/objects/a%E2%80")).contains("not valid UTF-8");
        assertThat(RequestTargets.refusal("/objects/a%")).contains("escape");
        assertThat(RequestTargets.refusal("/objects/a%G1")).contains("escape");
    }
}
