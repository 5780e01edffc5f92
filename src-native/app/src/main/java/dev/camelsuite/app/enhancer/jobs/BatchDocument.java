package dev.camelsuite.app.enhancer.jobs;

/**
 * One document of a batch, as it was sent.
 *
 * @param id       the id its sender gave it, unique in the batch
 * @param content  its bytes
 * @param type     its media type, or null to recognise it by its bytes
 * @param language its language ({@code Content-Language}), or null
 */
record BatchDocument(String id, byte[] content, String type, String language) {

    /** What takes the documents of a batch as they are read. */
    interface Sink {
        void accept(BatchDocument document) throws java.sql.SQLException;
    }
}
