package dev.sno.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * What the poms say, read as plain XML: the root pom's modules and properties, each module's
 * artifactId and dependencies, the BOM's artifacts. A library module is a module of the root pom
 * that is deployed (its pom does not set {@code maven.deploy.skip} to true): what users get.
 */
final class Build {

    private Build() {
    }

    /** A module of the root pom: its directory (relative to the root) and its artifactId. */
    record Module(String dir, String artifactId, Element pom) {
    }

    /** A dependency as a pom declares it (version as written, maybe a ${property}). */
    record Dependency(String groupId, String artifactId, String version, String scope) {
    }

    static Element pom(Path file) throws IOException {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Document d = f.newDocumentBuilder().parse(file.toFile());
            return d.getDocumentElement();
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** The direct child elements of {@code e} named {@code name}. */
    static List<Element> children(Element e, String name) {
        List<Element> out = new ArrayList<>();
        if (e == null) {
            return out;
        }
        NodeList nodes = e.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            if (nodes.item(i) instanceof Element c && c.getTagName().equals(name)) {
                out.add(c);
            }
        }
        return out;
    }

    static Element child(Element e, String name) {
        List<Element> c = children(e, name);
        return c.isEmpty() ? null : c.get(0);
    }

    static String text(Element e, String name) {
        Element c = child(e, name);
        return c == null ? null : c.getTextContent().strip();
    }

    /** Every module of the root pom, in its order. */
    static List<Module> modules(Path root) throws IOException {
        List<Module> out = new ArrayList<>();
        for (Element m : children(child(pom(root.resolve("pom.xml")), "modules"), "module")) {
            String dir = m.getTextContent().strip();
            Element pom = pom(root.resolve(dir).resolve("pom.xml"));
            out.add(new Module(dir, text(pom, "artifactId"), pom));
        }
        return out;
    }

    /** The root pom's modules that are deployed: the library modules, the BOM among them. */
    static List<Module> libraryModules(Path root) throws IOException {
        List<Module> out = new ArrayList<>();
        for (Module m : modules(root)) {
            if (!"true".equals(text(child(m.pom(), "properties"), "maven.deploy.skip"))) {
                out.add(m);
            }
        }
        return out;
    }

    /** The root pom's properties, in their order. */
    static Map<String, String> properties(Path root) throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        Element props = child(pom(root.resolve("pom.xml")), "properties");
        NodeList nodes = props.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            Node n = nodes.item(i);
            if (n instanceof Element e) {
                out.put(e.getTagName(), e.getTextContent().strip());
            }
        }
        return out;
    }

    /** The dependencies a pom declares directly (not its dependencyManagement). */
    static List<Dependency> dependencies(Element pom) {
        List<Dependency> out = new ArrayList<>();
        for (Element d : children(child(pom, "dependencies"), "dependency")) {
            out.add(new Dependency(text(d, "groupId"), text(d, "artifactId"), text(d, "version"), text(d, "scope")));
        }
        return out;
    }

    /** The dependencies a pom's dependencyManagement names. */
    static List<Dependency> managed(Element pom) {
        List<Dependency> out = new ArrayList<>();
        for (Element d : children(child(child(pom, "dependencyManagement"), "dependencies"), "dependency")) {
            out.add(new Dependency(text(d, "groupId"), text(d, "artifactId"), text(d, "version"), text(d, "scope")));
        }
        return out;
    }
}
