package dev.camelsuite.enhancer.engines.dictionary;

import java.util.List;
import java.util.Map;

/**
 * The kind of entity a mention names, as Stanbol's NER engines state it in the {@code dc:type} of their text
 * annotations: {@code dbpedia-ont:Person}, {@code dbpedia-ont:Place} or {@code dbpedia-ont:Organisation}. An entity
 * typed with a DBpedia class below one of those three (a city, a company, a writer…) is of that kind; an entity of any
 * other type keeps its own type IRI, so a vocabulary of other kinds of things still says what its mentions name.
 */
public final class NamedEntityTypes {

    public static final String DBPEDIA_ONTOLOGY = "http://dbpedia.org/ontology/";
    public static final String PERSON = DBPEDIA_ONTOLOGY + "Person";
    public static final String PLACE = DBPEDIA_ONTOLOGY + "Place";
    public static final String ORGANISATION = DBPEDIA_ONTOLOGY + "Organisation";

    private static final String SKOS_CONCEPT = "http://www.w3.org/2004/02/skos/core#Concept";

    /** DBpedia ontology classes (local names) below the three kinds, as far as vocabularies commonly use them. */
    private static final Map<String, String> KIND_OF = kinds();

    private NamedEntityTypes() {
    }

    private static Map<String, String> kinds() {
        Map<String, List<String>> below = Map.of(
                PERSON, List.of("Person", "Agent", "Artist", "Athlete", "MusicalArtist", "Politician", "Scientist",
                        "Writer", "Philosopher", "Journalist", "Actor", "Royalty", "Monarch", "Cleric",
                        "OfficeHolder", "President", "PrimeMinister", "Mayor", "Judge", "Architect", "Engineer"),
                PLACE, List.of("Place", "PopulatedPlace", "Settlement", "City", "Town", "Village", "Country",
                        "Region", "AdministrativeRegion", "State", "Continent", "Island", "Mountain", "River",
                        "Lake", "Sea", "BodyOfWater", "Stream", "NaturalPlace", "Building", "ArchitecturalStructure",
                        "Airport", "Station", "Park", "Location"),
                ORGANISATION, List.of("Organisation", "Company", "University", "EducationalInstitution", "School",
                        "PoliticalParty", "GovernmentAgency", "Non-ProfitOrganisation", "InternationalOrganisation",
                        "SportsTeam", "Band", "Broadcaster", "Newspaper", "MilitaryUnit", "TradeUnion",
                        "ReligiousOrganisation", "Library", "Museum"));
        Map<String, String> kindOf = new java.util.HashMap<>();
        below.forEach((kind, names) -> names.forEach(n -> kindOf.put(DBPEDIA_ONTOLOGY + n, kind)));
        return Map.copyOf(kindOf);
    }

    /**
     * The kind of an entity with these types: Person, Place or Organisation when a type is one of them or below one,
     * else its first type other than {@code skos:Concept}, else null (nothing is known of it).
     */
    public static String kindOf(List<String> types) {
        for (String type : types) {
            String kind = KIND_OF.get(type);
            if (kind != null) {
                return kind;
            }
        }
        for (String type : types) {
            if (!SKOS_CONCEPT.equals(type)) {
                return type;
            }
        }
        return null;
    }
}
