package dev.camelsuite.workflow.store;

import java.sql.SQLException;

import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TransactionsTest {

    private final Transactions tx = new Transactions(database());

    private static JdbcDataSource database() {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:tx-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        return ds;
    }

    @Test
    void aDriverAssertingOnADeadConnectionIsADatabaseFailureNotAnError() {
        // what PostgreSQL's driver throws when its connection dies inside a batch
        AssertionError driver = new AssertionError("pgStatement.getConnection().getAutoCommit() should not throw");
        assertThatThrownBy(() -> tx.writeSql(c -> {
            throw driver;
        })).isInstanceOf(SQLException.class).hasCause(driver)
                .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("08006"));
        assertThatThrownBy(() -> tx.read(c -> {
            throw driver;
        })).isInstanceOf(SQLException.class).hasCause(driver);
    }

    @Test
    void workThatFailsIsRolledBackAndItsFailureIsTheOneThrown() throws Exception {
        tx.writeSql(c -> Transactions.execute(c, "CREATE TABLE t (v INT)"));
        assertThatThrownBy(() -> tx.writeSql(c -> {
            Transactions.execute(c, "INSERT INTO t VALUES (1)");
            throw new IllegalStateException("the work failed");
        })).isInstanceOf(IllegalStateException.class).hasMessage("the work failed");
        Integer rows = tx.read(c -> {
            try (var rs = c.createStatement().executeQuery("SELECT COUNT(*) FROM t")) {
                rs.next();
                return rs.getInt(1);
            }
        });
        assertThat(rows).isZero();
    }
}
