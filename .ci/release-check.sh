#!/usr/bin/env bash
# Release checks, run by .ci/run after the test build:
#   .ci/release-check.sh save    keep the jars the test build (JDK 17) made
#   .ci/release-check.sh modular only the module-path applications (after a 'check')
#   .ci/release-check.sh check   build again with deploy to a file repository; the jars must be
#                                byte-identical (reproducible build); a user's project
#                                (.ci/consumer) imports sno-bom and resolves every artifact,
#                                with its sources and Javadoc jars, from that repository and runs
#                                on the class path; small applications (.ci/modular) run on the
#                                module path with one integration each, on JDK 17 and on JDK 25.
# Nothing is installed into the local Maven repository: the consumer uses its own.
set -euo pipefail
cd "$(dirname "$0")/.."

work="$PWD/target-release-check"
version=$(sed -n 's:^  <version>\(.*\)</version>:\1:p' pom.xml | head -1)
prop() { sed -n "s:.*<$1>\(.*\)</$1>.*:\1:p" pom.xml | head -1; }
# A version that Micronaut's platform BOM (the build's micronaut.version) sets, read from its pom.
micronaut_prop() {
  local v
  v=$(prop micronaut.version)
  sed -n "s:.*<$1>\(.*\)</$1>.*:\1:p" \
    "${SNO_M2_MIRROR:-$HOME/.m2/repository}/io/micronaut/platform/micronaut-platform/$v/micronaut-platform-$v.pom" | head -1
}

published_jars() {
  # The jars of every module that deploys: those with a directory in the staging repository.
  local a
  for a in "$work"/staging/dev/sno/*/; do
    find . -path "./target-release-check" -prune -o -path "./.ci" -prune -o \
      -path "*/target/$(basename "$a")-$version*.jar" -print
  done
}

case "${1:-}" in
  save)
    rm -rf "$work"
    mkdir -p "$work/build1"
    find . -path ./.ci -prune -o -path "*/target/*-$version*.jar" -print0 | xargs -0 -I{} cp {} "$work/build1/"
    echo "release-check: kept $(ls "$work/build1" | wc -l) jars of the first build"
    ;;
  check)
    [ -d "$work/build1" ] || { echo "release-check: run 'save' after the first build" >&2; exit 2; }
    echo "== second build, deployed to a file repository"
    rm -rf "$work/staging"
    # Modules that never deploy (examples, jcstress, benchmarks) are left out of this build.
    not_deployed=$(grep -l "<maven.deploy.skip>true</maven.deploy.skip>" \
        $(find . -name pom.xml -not -path "./.ci/*" -not -path "*/target*") \
      | xargs -n1 dirname | sed 's|^\./|!|' | paste -sd, -)
    mvn -B -q clean deploy -DskipTests ${not_deployed:+-pl "$not_deployed"} \
      -DaltDeploymentRepository="sno-staging::file://$work/staging"

    echo "== reproducible build: jars of both builds are identical, each with the LICENSE"
    compared=0
    while IFS= read -r jar; do
      if ! cmp -s "$jar" "$work/build1/$(basename "$jar")"; then
        echo "release-check: $jar differs from the first build's" >&2
        exit 1
      fi
      # (grep without -q reads all input: with pipefail, an early exit would fail unzip)
      if ! unzip -Z1 "$jar" | grep -E '(META-INF|doc-files)/LICENSE$' > /dev/null; then
        echo "release-check: $jar has no LICENSE" >&2
        exit 1
      fi
      compared=$((compared + 1))
    done < <(published_jars)
    cmp LICENSE src/javadoc/doc-files/LICENSE || { echo "release-check: src/javadoc/doc-files/LICENSE is not LICENSE" >&2; exit 1; }
    [ "$compared" -gt 0 ] || { echo "release-check: no published jars found" >&2; exit 1; }
    echo "identical: $compared jars ($(ls -d "$work"/staging/dev/sno/*/ | xargs -n1 basename | tr '\n' ' '))"

    echo "== consumer project: sno-bom and every artifact from the file repository"
    mvn -B -q -f .ci/consumer/pom.xml -Dmaven.repo.local="$work/m2" \
      -Dsno.version="$version" -Dstaging.url="file://$work/staging" \
      -Dmirror.url="file://${SNO_M2_MIRROR:-$HOME/.m2/repository}" \
      -Djackson2.version="$(prop jackson2.version)" -Djackson3.version="$(prop jackson3.version)" \
      -Dhibernate.version="$(prop hibernate.version)" \
      -Djakarta-persistence.version="$(prop jakarta-persistence.version)" -Dh2.version="$(prop h2.version)" \
      -Dkotlinx-serialization.version="$(prop kotlinx-serialization.version)" \
      -Dmicronaut-core.version="$(micronaut_prop micronaut.core.version)" \
      -Dmicronaut-data.version="$(micronaut_prop micronaut.data.version)" \
      package
    java -cp ".ci/consumer/target/classes:.ci/consumer/target/lib/*" consumer.Consumer

    echo "== a Kotlin application on Kotlin 2.1.21 and kotlinx.serialization 1.8.1, against sno-kotlin"
    mvn -B -q -f .ci/kotlin-compat/pom.xml -Dmaven.repo.local="$work/m2" \
      -Dsno.version="$version" -Dstaging.url="file://$work/staging" \
      -Dmirror.url="file://${SNO_M2_MIRROR:-$HOME/.m2/repository}" package
    java -cp ".ci/kotlin-compat/target/classes:.ci/kotlin-compat/target/lib/*" compat.MainKt
    "$0" modular
    ;;
  modular)
    lib=.ci/consumer/target/lib
    [ -d "$lib" ] || { echo "release-check: run 'check' first (it builds $lib)" >&2; exit 2; }
    echo "== module-path applications with one integration each"
    jdk25="${JDK25:-}"
    if [ -z "$jdk25" ]; then
      for d in /usr/lib/jvm/*; do
        if [ -x "$d/bin/java" ] && "$d/bin/java" -version 2>&1 | head -1 | grep -q '"25'; then
          jdk25="$d"
          break
        fi
      done
    fi
    mp() { # module path of the sno jars and the given lib jar patterns
      local p="$lib/sno-core-$version.jar" pattern f
      for pattern in "$@"; do
        for f in $lib/$pattern; do
          [ -f "$f" ] && p="$p:$f"
        done
      done
      echo "$p"
    }
    run_app() { # directory under .ci/modular, module path, module name, java options...
      local dir="$1" path="$2" module="$3" out="$work/modular/$1"
      shift 3
      rm -rf "$out"
      javac ${lint:--Xlint:all} -Werror -d "$out" --module-path "$path" $(find ".ci/modular/$dir" -name '*.java')
      java --module-path "$path:$out" "$@" -m "$module/$module.Main"
      if [ -n "$jdk25" ]; then
        "$jdk25/bin/java" --module-path "$path:$out" "$@" -m "$module/$module.Main"
      else
        echo "release-check: no JDK 25 under /usr/lib/jvm; module-path runs on JDK 17 only"
      fi
    }
    run_app jackson2 "$(mp "sno-jackson-$version.jar" 'jackson-*-2.*.jar')" appjacksontwo
    run_app jackson3 "$(mp "sno-jackson-$version.jar" 'jackson-databind-3.*.jar' 'jackson-core-3.*.jar' 'jackson-annotations-2.*.jar')" appjacksonthree
    run_app jdbc "$(mp "sno-jdbc-$version.jar" 'h2-*.jar')" appjdbc
    # kotlinx.serialization's classes carry IntelliJ's @Language, whose class lives in
    # org.jetbrains:annotations, an automatic module no application requires: javac's classfile
    # lint warns about kotlinx's class files, not about this app or sno-kotlin.
    lint=-Xlint:all,-classfile run_app kotlin \
      "$(mp "sno-kotlin-$version.jar" 'kotlin-stdlib-2.*.jar' 'kotlinx-serialization-*.jar' 'annotations-13.*.jar')" appkotlin
    # jOOQ's Settings carry JAXB annotations and jOOQ requires the JAXB module only statically:
    # javac needs it (Hibernate brings it to lib) resolved, or -Xlint:all warns on jOOQ's class files.
    lint="-Xlint:all --add-modules jakarta.xml.bind" run_app jooq \
      "$(mp "sno-jooq-$version.jar" 'jooq-3.*.jar' 'r2dbc-spi-*.jar' 'reactive-streams-*.jar' 'h2-*.jar' \
        'jakarta.xml.bind-api-*.jar' 'jakarta.activation-api-*.jar')" appjooq -Dorg.jooq.no-logo=true -Dorg.jooq.no-tips=true
    # MyBatis with the rows' package opened to it, the type handler and the @SnoGeneratedId plugin.
    run_app mybatis "$(mp "sno-jdbc-$version.jar" "sno-mybatis-$version.jar" 'mybatis-3.*.jar' 'h2-*.jar')" appmybatis
    # Micronaut: the context decides the partition from its own settings and gives the generator.
    # Micronaut's jars are automatic modules that name none of the explicit ones they use (SLF4J):
    # every module on the path is resolved, as for JPA below.
    run_app micronaut "$(mp "sno-micronaut-$version.jar" 'micronaut-*.jar' 'jakarta.inject-api-*.jar' \
      'jakarta.annotation-api-*.jar' 'slf4j-api-*.jar' 'reactive-streams-*.jar')" appmicronaut \
      --add-modules ALL-MODULE-PATH
    jpa_path="$lib/sno-core-$version.jar"
    jta=""
    for f in "$lib"/*.jar; do
      case "$(basename "$f")" in
        sno-core-*|sno-jackson-*|jackson-*|sno-kotlin-*|kotlin*|annotations-13.*|sno-jooq-*|jooq-*|r2dbc-spi-*|reactive-streams-*|sno-mybatis-*|mybatis-*) ;;
        sno-micronaut-*|micronaut-*|jakarta.inject-api-*|jakarta.annotation-api-*|snakeyaml-*) ;;
        jakarta.transaction-api-*) jta="$f" ;;
        *) jpa_path="$jpa_path:$f" ;;
      esac
    done
    # Hibernate and its libraries are automatic or explicit modules the app does not name. The
    # JTA API's descriptor requires CDI and interceptor modules Hibernate does not depend on: it
    # goes on the class path, which the automatic Hibernate module reads. jboss-logging 3.5's
    # descriptor forgets that it uses java.util.logging.
    run_app jpa "$jpa_path" appjpa --add-modules ALL-MODULE-PATH,java.logging \
      --add-reads org.jboss.logging=java.logging -cp "$jta"
    ;;
  *)
    echo "usage: $0 save|check" >&2
    exit 2
    ;;
esac
