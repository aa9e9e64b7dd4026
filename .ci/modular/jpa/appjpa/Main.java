package appjpa;

import dev.sno.SnoId;
import dev.sno.jdbc.hibernate.SnoGeneratedId;
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

        public String name;
    }

    public static void main(String[] args) {
        Configuration cfg = new Configuration()
                .addAnnotatedClass(Person.class)
                .setProperty("hibernate.connection.url", "jdbc:h2:mem:jpa;DB_CLOSE_DELAY=-1")
                .setProperty("hibernate.hbm2ddl.auto", "create")
                .setProperty("hibernate.show_sql", "false");
        // On the module path the descriptor declares no provides: register the type contributor.
        cfg.registerTypeContributor(new SnoTypeContributor());
        try (SessionFactory sf = cfg.buildSessionFactory()) {
            Person ada = new Person();
            ada.name = "Ada";
            ada.manager = SnoId.parse("29gfem22232im222");
            sf.inTransaction(s -> s.persist(ada));
            check(ada.id != null && ada.id.meta() == 1, "generated ID with metabyte 1");
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
