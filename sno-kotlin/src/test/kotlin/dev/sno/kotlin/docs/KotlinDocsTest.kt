package dev.sno.kotlin.docs

import java.nio.file.Files
import java.nio.file.Path
import org.junit.jupiter.api.Assertions.assertEquals
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
 *
 * A block's imports are held apart from its code: they are imports of the file that holds the
 * code, and every import of that file whose name the code uses is among them, so that a reader
 * who copies a block with its imports has them all.
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
                    .map { Source(Files.readAllLines(it)) }.toList()
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
                    val problem = problem(Source(lines.subList(start, end)), compiled)
                    if (problem != null) missing.add("docs/kotlin.md:${start + 1}: $problem")
                }
                i = end
            }
            i++
        }
        assertTrue(blocks >= 5, "only $blocks Kotlin blocks found in $page")
        if (missing.isNotEmpty()) fail<Unit>(missing.joinToString("\n\n"))
    }

    @Test
    fun theCheckSeesWrongAndMissingImports() {
        val file = Source(listOf("package p", "", "import a.b.Json", "import a.b.Other", "import c.d.json", "",
            "val x = Json { json() }", "val y = Other", "val z = 1"))
        assertEquals(null, problem(Source(listOf("import a.b.Json", "import c.d.json", "val x = Json { json() }")), listOf(file)))
        assertEquals(null, problem(Source(listOf("val z = 1", "")), listOf(file)))
        assertEquals("imports a.b.Gone, which the file holding its code does not",
            problem(Source(listOf("import a.b.Gone", "val y = Other")), listOf(file))?.substringBefore(":\n"))
        assertEquals("does not import c.d.json, which its code uses",
            problem(Source(listOf("import a.b.Json", "val x = Json { json() }")), listOf(file))?.substringBefore(":\n"))
        assertTrue(problem(Source(listOf("val x = Json { json(1) }")), listOf(file))!!.startsWith("block not found"))
    }

    /** A Kotlin text apart: its import lines (trimmed), and the rest normalized. */
    private class Source(lines: List<String>) {
        val imports: List<String> = lines.map { it.trim() }.filter { it.startsWith("import ") }
        val code: String = normalized(lines.filterNot { it.trim().startsWith("import ") })
    }

    /** What is wrong with a block, or null: see the class comment. */
    private fun problem(block: Source, compiled: List<Source>): String? {
        val file = compiled.firstOrNull { it.code.contains(block.code) }
            ?: return "block not found in $sources or $example:${block.code}"
        block.imports.firstOrNull { it !in file.imports }?.let {
            return "imports ${it.removePrefix("import ")}, which the file holding its code does not:${block.code}"
        }
        val used = file.imports.filter { Regex("\\b" + Regex.escape(it.substringAfterLast('.')) + "\\b").containsMatchIn(block.code) }
        used.firstOrNull { it !in block.imports }?.let {
            return "does not import ${it.removePrefix("import ")}, which its code uses:${block.code}"
        }
        return null
    }
}

/** The lines trimmed, blank ones dropped, joined with newlines and framed by them. */
private fun normalized(lines: List<String>): String =
    lines.map { it.trim() }.filter { it.isNotEmpty() }.joinToString("\n", "\n", "\n")
