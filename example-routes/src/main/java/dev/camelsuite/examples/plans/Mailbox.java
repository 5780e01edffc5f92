package dev.camelsuite.examples.plans;

/** A consulted element: the mailbox every run of a plan reads, never used up. */
public class Mailbox {

    private final String address;

    public Mailbox(String address) {
        this.address = address;
    }

    public String address() {
        return address;
    }
}
