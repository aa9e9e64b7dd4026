package dev.sno.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLFeatureNotSupportedException;
import java.util.List;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/** {@link SnoJdbc#installFunctions}'s choice of script, and how the scripts are split. */
class InstallFunctionsTest {

    /** An H2 data source whose metadata names another product. */
    private static DataSource posingAs(String product) {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:posing");
        ClassLoader loader = InstallFunctionsTest.class.getClassLoader();
        return (DataSource) Proxy.newProxyInstance(loader, new Class<?>[] {DataSource.class}, (proxy, method, args) -> {
            if (!method.getName().equals("getConnection")) {
                throw new UnsupportedOperationException(method.getName());
            }
            Connection c = h2.getConnection();
            DatabaseMetaData meta = (DatabaseMetaData) Proxy.newProxyInstance(loader,
                    new Class<?>[] {DatabaseMetaData.class}, (p, m, a) -> m.getName().equals("getDatabaseProductName")
                            ? product : m.invoke(c.getMetaData(), a));
            return Proxy.newProxyInstance(loader, new Class<?>[] {Connection.class},
                    (p, m, a) -> m.getName().equals("getMetaData") ? meta : m.invoke(c, a));
        });
    }

    @Test
    void refusesOtherProductsNamingThem() {
        for (String product : List.of("Apache Derby", "Oracle", "Microsoft SQL Server")) {
            SQLFeatureNotSupportedException e = assertThrows(SQLFeatureNotSupportedException.class,
                    () -> SnoJdbc.installFunctions(posingAs(product)));
            assertEquals("sno SQL functions exist for PostgreSQL, MariaDB, MySQL and H2, not for the database product '"
                    + product + "'", e.getMessage());
        }
    }

    @Test
    void splitsTheMariaDbAndMySqlScriptsAtTheirDelimiters() throws Exception {
        List<String> statements = FunctionInstaller.statements(FunctionInstaller.read(SnoJdbc.MARIADB_FUNCTIONS));
        assertEquals(9, statements.size());
        for (String sql : statements) {
            assertTrue(sql.startsWith("CREATE OR REPLACE FUNCTION sno_"), sql);
            assertTrue(!sql.contains("$$") && !sql.contains("DELIMITER"), sql);
        }
        List<String> mysql = FunctionInstaller.statements(FunctionInstaller.read(SnoJdbc.MYSQL_FUNCTIONS));
        assertEquals(18, mysql.size());
        for (int i = 0; i < mysql.size(); i += 2) {
            String name = statements.get(i / 2).replaceFirst("(?s)^CREATE OR REPLACE FUNCTION (sno_\\w+)\\(.*", "$1");
            assertEquals("DROP FUNCTION IF EXISTS " + name, mysql.get(i).strip());
            assertTrue(mysql.get(i + 1).startsWith("CREATE FUNCTION " + name + "("), mysql.get(i + 1));
            assertTrue(!mysql.get(i + 1).contains("$$") && !mysql.get(i + 1).contains("DELIMITER"), mysql.get(i + 1));
        }
        assertEquals(List.of("SELECT 1", "CREATE x BEGIN\n  a;\n  b;\nEND", "SELECT 2"),
                FunctionInstaller.statements("-- c\nSELECT 1;\nDELIMITER //\nCREATE x BEGIN\n  a;\n  b;\nEND\n//\n"
                        + "DELIMITER ;\n\nSELECT 2;\n"));
        assertThrows(IllegalStateException.class, () -> FunctionInstaller.statements("SELECT 1"));
    }

    @Test
    void splitsTheH2ScriptIntoNineAliases() throws Exception {
        List<String> statements = FunctionInstaller.statements(FunctionInstaller.read(SnoJdbc.H2_FUNCTIONS));
        assertEquals(9, statements.size());
        statements.forEach(sql -> assertTrue(sql.startsWith("CREATE ALIAS IF NOT EXISTS sno_"), sql));
    }
}
