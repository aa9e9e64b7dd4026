package dev.sno.kotlin.docs

import java.nio.file.Files
import java.nio.file.Path
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assertions.fail
import org.junit.jupiter.api.Test

/**
 * docs/kotlin.md's Kotlin blocks are compiled, and those that show a result are run: each block
 * appears, line for line (indentation aside), in one of the Kotlin files of this package, which
 * the build compiles with the module's tests and whose tests run the code, or of the Kotlin
 * Spring Boot example (examples/kotlin-boot4, compiled and tested over HTTP in the same build). docs-check compiles the
 * Java blocks of every page; this does the same for the Kotlin page without a Kotlin compiler in
 * docs-check. A block marked `<!-- not compiled: reason -->` on the line before is left out.
 */
class KotlinDocsTest {

    private val page: Path = Path.of("../docs/kotlin.md")
    private val sources: Path = Path.of("src/test/kotlin/dev/sno/kotlin/docs")
    private val example: Path = Path.of("../examples/kotlin-boot4/src/main/kotlin/dev/sno/example/kotlin")

    @Test
    fun everyKotlinBlockIsInACompiledFile() {
        val lines = Files.readAllLines(page)
        val compiled = listOf(sources, example).flatMap { dir ->
            Files.list(dir).use { files ->
                files.filter { it.toString().endsWith(".kt") && it.fileName.toString() != "KotlinDocsTest.kt" }
                    .map { normalized(Files.readAllLines(it)) }.toList()
            }
        }
        var blocks = 0
        val missing = mutableListOf<String>()
        var i = 0
        while (i < lines.size) {
            if (lines[i].trim() == "```kotlin") {
                val start = i + 1
                var end = start
                while (lines[end].trim() != "```") end++
                val marked = i > 0 && lines[i - 1].startsWith("<!-- not compiled: ")
                if (!marked) {
                    blocks++
                    val block = normalized(lines.subList(start, end))
                    if (compiled.none { it.contains(block) }) {
                        missing.add("docs/kotlin.md:${start + 1}: block not found in $sources or $example:\n$block")
                    }
                }
                i = end
            }
            i++
        }
        assertTrue(blocks >= 5, "only $blocks Kotlin blocks found in $page")
        if (missing.isNotEmpty()) fail<Unit>(missing.joinToString("\n\n"))
    }

    /** The lines trimmed, blank ones dropped, joined with newlines and framed by them. */
    private fun normalized(lines: List<String>): String =
        lines.map { it.trim() }.filter { it.isNotEmpty() }.joinToString("\n", "\n", "\n")
}
