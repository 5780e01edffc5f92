package dev.camelsuite.app.enhancer.jobs;

import java.sql.SQLException;

/** The database of the enhancement jobs failed or cannot be reached: answered 503, the client may ask again. */
public class JobStoreFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    JobStoreFailure(SQLException cause) {
        super("The database of the enhancement jobs failed: " + cause.getMessage(), cause);
    }
}
