package dev.sno.quarkus.deployment;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.QuarkusDevModeTest;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Dev mode: a live reload restarts the application in the same process, where Sno's generator
 * is installed already; the reload keeps the generator, and Sno.next still works.
 */
class DevModeTest {

    /** A fixed, unusual port: dev mode has no random test port, and RestAssured must be told. */
    static final int PORT = 18931;

    @RegisterExtension
    static final QuarkusDevModeTest APP = new QuarkusDevModeTest()
            .withApplicationRoot(jar -> jar.addClass(DevModeResource.class)
                    .addAsResource(new StringAsset("sno.partition=33\nquarkus.devservices.enabled=false\n"
                            + "quarkus.http.port=" + PORT + "\n"),
                            "application.properties"));

    @Test
    void liveReloadKeepsTheGenerator() {
        given().port(PORT).get("/dev").then().statusCode(200).body(equalTo("v1 33"));
        APP.modifySourceFile(DevModeResource.class, s -> s.replace("\"v1 \"", "\"v2 \""));
        given().port(PORT).get("/dev").then().statusCode(200).body(equalTo("v2 33"));
        given().port(PORT).get("/dev").then().statusCode(200).body(equalTo("v2 33"));
    }
}
