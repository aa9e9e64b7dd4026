package dev.sno.example.kotlin

import org.springframework.boot.autoconfigure.SpringBootApplication
import org.springframework.boot.runApplication

/** A Kotlin Spring Boot 4 application whose bodies are kotlinx.serialization's, with sno IDs in them. */
@SpringBootApplication
class KotlinExampleApplication

fun main(args: Array<String>) {
    runApplication<KotlinExampleApplication>(*args)
}
