/** A module-path application with Jackson 3 and without Jackson 2, JPA or Hibernate. */
module appjacksonthree {
    requires dev.sno.jackson;
    requires tools.jackson.databind;

    opens appjacksonthree to tools.jackson.databind;
}
