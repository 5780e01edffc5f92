package dev.camelsuite.app.enhancer;

/**
 * A value's text as a regular expression reads it, one character at a time: every so many characters the query's
 * clock is looked at. {@code java.util.regex} cannot be interrupted, and a pattern such as {@code ^((a+)\2?)+$}
 * backtracks for minutes over thirty letters; reading through this, it stops at the query's deadline.
 */
final class DeadlineText implements CharSequence {

    private final String text;
    private final SparqlBudget budget;

    DeadlineText(String text, SparqlBudget budget) {
        this.text = text;
        this.budget = budget;
    }

    @Override
    public char charAt(int index) {
        budget.tick(1);
        return text.charAt(index);
    }

    @Override
    public int length() {
        return text.length();
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        // a match's groups: read once, not searched again
        return text.subSequence(start, end);
    }

    @Override
    public String toString() {
        return text;
    }
}
