package dev.camelsuite.enhancer.content;

/** Lets tests of other packages use the sample item of {@link ContentItemJsonTest}. */
public final class ContentItemJsonTestAccess {

    private ContentItemJsonTestAccess() {
    }

    public static ContentItem sample() {
        return ContentItemJsonTest.sample();
    }
}
