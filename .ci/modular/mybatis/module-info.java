/** A module-path application with MyBatis 3.5 (H2): its rows and mapper opened to MyBatis, no Spring. */
@SuppressWarnings("requires-automatic") // MyBatis and H2 are automatic modules
module appmybatis {
    requires dev.sno.mybatis;
    requires com.h2database;

    opens appmybatis to org.mybatis;
}
