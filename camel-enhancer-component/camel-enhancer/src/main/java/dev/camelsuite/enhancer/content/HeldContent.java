package dev.camelsuite.enhancer.content;

import java.util.List;

/**
 * Content that the reader of an item holds already, which the writer may leave out of the item's JSON: the remote
 * enhancer's worker leaves out of a reply the text and parts its request carried. The writer asks what is held; the
 * reader takes back what was left out.
 */
public interface HeldContent {

    /** The held text, or null. */
    String text();

    /** The held parts, in order. */
    List<ContentPart> parts();

    /** Whether the item's text is the held text (and may be left out). */
    boolean holdsText(String text);

    /** How many leading parts of the item are held (and may be left out). */
    int heldParts(List<ContentPart> parts);
}
