package dev.camelsuite.enhancer.engines;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The prefixes Stanbol's configurations and requests write property IRIs with — {@code rdfs:label},
 * {@code foaf:depiction}, {@code skos:prefLabel} — as Stanbol's default namespace mappings define them (the common
 * ones). A value that is an IRI already ({@code http://…}, {@code https://…}, {@code urn:…}, or written
 * {@code <…>}) is taken as it is.
 */
public final class NamespacePrefixes {

    private static final Map<String, String> PREFIXES = prefixes();

    private NamespacePrefixes() {
    }

    private static Map<String, String> prefixes() {
        Map<String, String> p = new TreeMap<>();
        p.put("rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#");
        p.put("rdfs", "http://www.w3.org/2000/01/rdf-schema#");
        p.put("owl", "http://www.w3.org/2002/07/owl#");
        p.put("xsd", "http://www.w3.org/2001/XMLSchema#");
        p.put("skos", "http://www.w3.org/2004/02/skos/core#");
        p.put("foaf", "http://xmlns.com/foaf/0.1/");
        p.put("dc", "http://purl.org/dc/terms/");
        p.put("dct", "http://purl.org/dc/terms/");
        p.put("dce", "http://purl.org/dc/elements/1.1/");
        p.put("dc-elements", "http://purl.org/dc/elements/1.1/");
        p.put("geo", "http://www.w3.org/2003/01/geo/wgs84_pos#");
        p.put("georss", "http://www.georss.org/georss/");
        p.put("schema", "http://schema.org/");
        p.put("dbo", "http://dbpedia.org/ontology/");
        p.put("dbp-ont", "http://dbpedia.org/ontology/");
        p.put("dbpedia-ont", "http://dbpedia.org/ontology/");
        p.put("dbp", "http://dbpedia.org/property/");
        p.put("dbp-prop", "http://dbpedia.org/property/");
        p.put("dbr", "http://dbpedia.org/resource/");
        p.put("gn", "http://www.geonames.org/ontology#");
        p.put("geonames", "http://www.geonames.org/ontology#");
        p.put("media", "http://www.w3.org/ns/ma-ont#");
        p.put("cc", "http://creativecommons.org/ns#");
        p.put("sioc", "http://rdfs.org/sioc/ns#");
        p.put("fise", "http://fise.iks-project.eu/ontology/");
        p.put("entityhub", "http://stanbol.apache.org/ontology/entityhub/entityhub#");
        return Map.copyOf(p);
    }

    /** Every prefix and its namespace, in the order of the prefixes. */
    public static Map<String, String> all() {
        return new TreeMap<>(PREFIXES);
    }

    /**
     * The IRI a value names: {@code rdfs:label} with its namespace, an IRI as it is.
     *
     * @throws IllegalArgumentException for a prefix not known here, naming the known ones, or a value that is neither
     */
    public static String iri(String value) {
        String v = value == null ? "" : value.strip();
        if (v.startsWith("<") && v.endsWith(">")) {
            v = v.substring(1, v.length() - 1).strip();
        }
        int colon = v.indexOf(':');
        if (colon <= 0 || colon == v.length() - 1 && !v.startsWith("urn:")) {
            throw new IllegalArgumentException("'" + value + "' is neither an IRI nor a prefixed name such as"
                                               + " rdfs:label");
        }
        String prefix = v.substring(0, colon);
        if (v.startsWith("//", colon + 1) || prefix.toLowerCase(Locale.ROOT).equals("urn")) {
            return v;
        }
        String namespace = PREFIXES.get(prefix);
        if (namespace == null) {
            throw new IllegalArgumentException("Unknown prefix '" + prefix + "' in '" + value
                                               + "': write the whole IRI, or use one of the prefixes "
                                               + String.join(", ", all().keySet()));
        }
        return namespace + v.substring(colon + 1);
    }
}
