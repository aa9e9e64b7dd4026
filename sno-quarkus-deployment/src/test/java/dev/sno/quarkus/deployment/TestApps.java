package dev.sno.quarkus.deployment;

/** Configuration every test application shares: a random HTTP port, no Dev Services. */
final class TestApps {

    private TestApps() {
    }

    /** No datasource. */
    static final String BASE = String.join("\n",
            "quarkus.http.test-port=0",
            "quarkus.devservices.enabled=false",
            "quarkus.log.category.\"dev.sno\".level=DEBUG",
            "");

    /** An in-memory H2 datasource, with Hibernate creating the schema. */
    static String h2(String name) {
        return BASE + String.join("\n",
                "quarkus.datasource.db-kind=h2",
                "quarkus.datasource.jdbc.url=jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1",
                "quarkus.hibernate-orm.schema-management.strategy=drop-and-create",
                "");
    }
}
