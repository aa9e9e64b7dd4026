package appjpa;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;
import dev.sno.jdbc.hibernate.SnoTypeContributor;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import java.util.List;
import org.hibernate.SessionFactory;
import org.hibernate.cfg.Configuration;

public final class Main {

    @Entity(name = "Person")
    public static class Person {
        @Id
        @SnoGeneratedId(meta = 1)
        public SnoId id;

        public SnoId manager;

        @SnoGeneratedId(meta = 2)
        public SnoId ticket;

        public String name;
    }

    public static void main(String[] args) {
        // On the module path sno-jdbc's descriptor declares no provides: this module provides
        // SnoIds (below) for @SnoGeneratedId, and registers the type contributor.
        Configuration cfg = new Configuration()
                .addAnnotatedClass(Person.class)
                .setProperty("hibernate.connection.url", "jdbc:h2:mem:jpa;DB_CLOSE_DELAY=-1")
                .setProperty("hibernate.hbm2ddl.auto", "create")
                .setProperty("hibernate.show_sql", "false");
        cfg.registerTypeContributor(new SnoTypeContributor());
        try (SessionFactory sf = cfg.buildSessionFactory()) {
            Person ada = new Person();
            ada.name = "Ada";
            ada.manager = SnoId.parse("29gfem22232im222");
            sf.inTransaction(s -> s.persist(ada));
            check(ada.id != null && ada.id.meta() == 1, "generated ID with metabyte 1");
            check(ada.ticket != null && ada.ticket.meta() == 2, "generated non-key SnoId with metabyte 2");
            List<Person> found = sf.fromTransaction(s -> s.createQuery(
                    "from Person p where p.id >= :lo and p.id <= :hi", Person.class)
                    .setParameter("lo", ada.id).setParameter("hi", ada.id).getResultList());
            check(found.size() == 1 && found.get(0).manager.equals(ada.manager), "read back by ID range");
        }
        System.out.println("jpa+hibernate on the module path: OK (" + Runtime.version().feature() + ")");
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
