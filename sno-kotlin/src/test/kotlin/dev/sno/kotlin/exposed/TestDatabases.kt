package dev.sno.kotlin.exposed

import dev.sno.testsupport.TestServers
import java.sql.Connection
import java.sql.DriverManager
import java.util.concurrent.atomic.AtomicInteger
import org.jetbrains.exposed.v1.jdbc.Database
import org.jetbrains.exposed.v1.jdbc.JdbcTransaction
import org.jetbrains.exposed.v1.jdbc.transactions.transaction

/** The databases the Exposed tests run on, each connected once per test JVM. */
enum class TestDb(
    /** The column's type as JDBC metadata names it (TYPE_NAME), and its size where it matters. */
    val typeName: String,
    val typeSize: Int?,
    /** How the DDL Exposed writes spells the column's type. */
    val ddlType: String,
) {
    H2("UUID", null, "UUID"),
    POSTGRES_18("uuid", null, "uuid"),
    MARIADB("BINARY", 16, "BINARY(16)"),
    MYSQL("BINARY", 16, "BINARY(16)");

    /** MariaDB and MySQL: BINARY(16) columns, bound as the image's 16 bytes. */
    val binary: Boolean get() = this == MARIADB || this == MYSQL

    val database: Database by lazy {
        val url = when (this) {
            H2 -> "jdbc:h2:mem:sno_exposed;DB_CLOSE_DELAY=-1"
            POSTGRES_18 -> TestServers.url(TestServers.Server.POSTGRES_18)
            MARIADB -> TestServers.url(TestServers.Server.MARIADB)
            MYSQL -> TestServers.url(TestServers.Server.MYSQL)
        }
        Database.connect(getNewConnection = { DriverManager.getConnection(url) })
    }

    fun <T> tx(statement: JdbcTransaction.() -> T): T = transaction(database, statement = statement)
}

private val counter = AtomicInteger()

/** A table name no other test (or earlier run on a shared server) uses. */
fun freshName(prefix: String): String =
    "sno_exp_${prefix}_${ProcessHandle.current().pid()}_${System.nanoTime() % 1_000_000}_${counter.incrementAndGet()}"

/** The JDBC connection under an Exposed transaction. */
val JdbcTransaction.jdbc: Connection get() = connection.connection as Connection
