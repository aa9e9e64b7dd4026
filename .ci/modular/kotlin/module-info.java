/** A module-path application (in Java) with sno-kotlin and kotlinx.serialization, without Exposed or Ktor. */
module appkotlin {
    requires dev.sno.kotlin;
    requires kotlinx.serialization.json;
}
