/** A module-path application with Jackson 2 and without Jackson 3, JPA or Hibernate. */
module appjacksontwo {
    requires dev.sno.jackson;
    requires com.fasterxml.jackson.databind;

    opens appjacksontwo to com.fasterxml.jackson.databind;
}
