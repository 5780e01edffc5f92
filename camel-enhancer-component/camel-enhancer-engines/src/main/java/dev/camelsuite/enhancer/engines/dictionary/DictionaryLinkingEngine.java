package dev.camelsuite.enhancer.engines.dictionary;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.TextAnnotation;
import dev.camelsuite.enhancer.spi.CanEnhance;
import dev.camelsuite.enhancer.spi.Cancellation;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EngineOrder;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import dev.camelsuite.enhancer.engines.LanguageCodes;
import dev.camelsuite.enhancer.engines.TextEngines;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary.Entity;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary.Label;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary.LabelKind;

/**
 * Dictionary NER and entity linking: finds the labels of a {@link Vocabulary} in the text as whole words, in one pass
 * over the text whatever the vocabulary's size ({@link LabelIndex}), marks each mention with an {@value #ENTITY} text
 * annotation and links it to the entities it may name with entity annotations (reference, label, types, confidence).
 * The mention's {@value TextAnnotation#ENTITY_TYPE_FEATURE} feature says what kind of entity it names, as Stanbol's
 * NER engines do ({@link NamedEntityTypes}: Person, Place, Organisation, or the likeliest entity's own type).
 * <p>
 * Labels are matched in the item's language and those for every language. Where mentions overlap, the longest wins
 * ("New York City" over "New York"). A mention must be written as its label is, except that a mention in capitals
 * ("PARIS") and a capitalized mention of a lower-case label ("Open source" for "open source") match too, with less
 * confidence; {@link #setIgnoreCase(boolean) ignoreCase} accepts any case. A text in a language the vocabulary has no
 * labels for is declined ("cannot enhance: no labels … for language 'xx'") unless the vocabulary has labels for every
 * language; called directly on it, the engine fails: "No NER model for language 'xx' is available".
 * <p>
 * Confidence: a preferred label 1.0, an alternative one 0.9, a hidden one 0.8, times 0.8 when the case differs; a
 * mention that may name several entities shares it among them.
 * <p>
 * A request's enhancement properties say how many entities a mention may have, how sure a match must be, and in
 * which languages labels are wanted ({@link LinkingProperties}).
 */
public class DictionaryLinkingEngine implements EnhancementEngine {

    /** The name the default chain uses. */
    public static final String NAME = "ner";
    /** Type of the text annotations that mark mentions. */
    public static final String ENTITY = "entity";

    static final double CASE_DIFFERS = 0.8;

    /** An entity that a label (one text, ignoring case) may name. */
    private record Candidate(Entity entity, Label label) {
    }

    private final String name;
    private final Vocabulary vocabulary;
    /** Every label of the vocabulary, whatever its language: a match is kept when its label is in the text's. */
    private final LabelIndex<Candidate> labels;
    private boolean ignoreCase;

    /** The engine {@value #NAME} over a vocabulary from {@code classpath:…} or a file (see {@link Vocabulary#load}). */
    public DictionaryLinkingEngine(String vocabularyLocation) {
        this(NAME, Vocabulary.load(vocabularyLocation));
    }

    public DictionaryLinkingEngine(String name, Vocabulary vocabulary) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("An engine needs a name");
        }
        this.name = name;
        this.vocabulary = Objects.requireNonNull(vocabulary, "vocabulary");
        LabelIndex.Builder<Candidate> builder = LabelIndex.builder(vocabulary.labelCount());
        for (Entity entity : vocabulary.getEntities()) {
            for (Label label : entity.labels()) {
                builder.add(label.text(), new Candidate(entity, label));
            }
        }
        this.labels = builder.build();
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public int getOrder() {
        return EngineOrder.NER;
    }

    public Vocabulary getVocabulary() {
        return vocabulary;
    }

    public boolean isIgnoreCase() {
        return ignoreCase;
    }

    /** Whether a mention may be written in any case (default false: as its label, in capitals, or capitalized). */
    public void setIgnoreCase(boolean ignoreCase) {
        this.ignoreCase = ignoreCase;
    }

    /**
     * Declines a text in a language the vocabulary has no labels for, or in an unknown language, unless the
     * vocabulary has labels for every language.
     */
    @Override
    public CanEnhance canEnhance(ContentItem item) {
        CanEnhance text = TextEngines.canEnhanceText(item);
        if (text == CanEnhance.CANNOT || vocabulary.hasLanguageNeutralLabels()) {
            return text;
        }
        return hasLabelsIn(LanguageCodes.normalize(item.getLanguage())) ? text : CanEnhance.CANNOT;
    }

    private boolean hasLabelsIn(String language) {
        return language != null && vocabulary.getLanguages().contains(language);
    }

    @Override
    public String cannotEnhanceReason(ContentItem item) {
        return TextEngines.whyNotInLanguage(item, "labels of vocabulary " + vocabulary.getSource(), name,
                vocabulary.getLanguages());
    }

    @Override
    public void computeEnhancements(ContentItem item) throws EngineException {
        String language = LanguageCodes.normalize(item.getLanguage());
        if (!vocabulary.hasLanguageNeutralLabels() && !hasLabelsIn(language)) {
            if (language == null) {
                TextEngines.requireLanguage(item, name);
            }
            throw new EngineException("No NER model for language '" + language + "' is available (vocabulary "
                                      + vocabulary.getSource() + " has labels in " + String.join(", ",
                                              vocabulary.getLanguages()) + ")");
        }
        LinkingProperties asked;
        try {
            asked = LinkingProperties.of(item.getProperties().forEngine(name));
        } catch (IllegalArgumentException e) {
            throw new EngineException(e.getMessage());
        }
        String text = item.getText();
        // a text of many mentions may outlast its chain: stop between mentions once the run is cancelled
        Cancellation cancellation = Cancellation.current();
        for (Mention mention : mentions(text, language, cancellation)) {
            cancellation.check();
            mention.keep(asked);
            if (mention.links.isEmpty()) {
                continue;
            }
            String kind = mention.kind();
            TextAnnotation annotation = item.addAnnotation(ENTITY, mention.begin, mention.end, mention.confidence,
                    name, kind == null ? null : Map.of(TextAnnotation.ENTITY_TYPE_FEATURE, kind));
            double share = 1.0 / mention.links.size();
            for (Link link : mention.links.values()) {
                Entity entity = link.entity();
                String[] label = label(entity, language, asked);
                item.addEntity(entity.reference(), label[0], label[1], entity.types(), link.confidence() * share,
                        name, annotation);
            }
        }
    }

    /**
     * The entity's label and its language: in the first of the languages asked for that it has one in, else the one
     * for the text's language (whose language is the text's: null).
     */
    private static String[] label(Entity entity, String language, LinkingProperties asked) {
        for (String wanted : asked.labelLanguages()) {
            String label = entity.preferredLabelIn(wanted);
            if (label != null) {
                return new String[] { label, wanted.equals(language) ? null : wanted };
            }
        }
        return new String[] { entity.labelFor(language), null };
    }

    /** An entity a mention may name, and how sure the match is. */
    private record Link(Entity entity, double confidence) {
    }

    /** A span of the text and the entities it may name, by reference. */
    private static final class Mention {
        final int begin;
        final int end;
        final Map<String, Link> links = new LinkedHashMap<>();
        double confidence;

        Mention(int begin, int end) {
            this.begin = begin;
            this.end = end;
        }

        /**
         * Keeps the links the request's properties allow: at least as sure as their least confidence, and of those
         * the likeliest, at most as many as asked; the mention's confidence is that of the surest kept.
         */
        void keep(LinkingProperties asked) {
            if (asked == LinkingProperties.DEFAULTS) {
                return;
            }
            List<Link> kept = links.values().stream().filter(l -> l.confidence() >= asked.minConfidence())
                    .sorted(Comparator.comparingDouble(Link::confidence).reversed())
                    .limit(asked.maxSuggestions()).toList();
            links.clear();
            kept.forEach(l -> links.put(l.entity().reference(), l));
            confidence = kept.isEmpty() ? 0 : kept.get(0).confidence();
        }

        /** The kind of entity the likeliest of the linked entities is ({@link NamedEntityTypes}), or null. */
        String kind() {
            Link best = null;
            for (Link link : links.values()) {
                if (best == null || link.confidence() > best.confidence()) {
                    best = link;
                }
            }
            return best == null ? null : NamedEntityTypes.kindOf(best.entity().types());
        }
    }

    /** The mentions of labels in the text's language or in every language, the longest of overlapping ones. */
    private List<Mention> mentions(String text, String language, Cancellation cancellation) {
        List<Mention> found = new ArrayList<>();
        labels.find(text, (begin, end, candidates) -> {
            cancellation.check();
            Mention mention = new Mention(begin, end);
            String written = text.substring(begin, end);
            for (Candidate c : candidates) {
                String labelLanguage = c.label().language();
                double caseFactor = labelLanguage != null && !labelLanguage.equals(language) ? 0
                        : caseFactor(c.label().text(), written);
                if (caseFactor == 0) {
                    continue;
                }
                double confidence = labelScore(c.label().kind()) * caseFactor;
                mention.links.merge(c.entity().reference(), new Link(c.entity(), confidence),
                        (a, b) -> b.confidence() > a.confidence() ? b : a);
                mention.confidence = Math.max(mention.confidence, confidence);
            }
            if (!mention.links.isEmpty()) {
                found.add(mention);
            }
        });
        cancellation.check();
        return withoutOverlaps(found);
    }

    /** 1 when the mention is written as the label, less when its case differs acceptably, 0 when not acceptable. */
    double caseFactor(String label, String written) {
        if (label.equals(written)) {
            return 1.0;
        }
        if (ignoreCase || isCapitals(written) || capitalized(label).equals(written)) {
            return CASE_DIFFERS;
        }
        return 0;
    }

    private static boolean isCapitals(String s) {
        int letters = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isLetter(c)) {
                if (!Character.isUpperCase(c)) {
                    return false;
                }
                letters++;
            }
        }
        return letters > 1;
    }

    private static String capitalized(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private static double labelScore(LabelKind kind) {
        return switch (kind) {
            case PREFERRED -> 1.0;
            case ALTERNATIVE -> 0.9;
            case HIDDEN -> 0.8;
        };
    }

    /** Keeps the longest of overlapping mentions (the earlier one of equal length), in text order. */
    private static List<Mention> withoutOverlaps(List<Mention> mentions) {
        if (mentions.size() < 2) {
            return mentions;
        }
        List<Mention> bySize = new ArrayList<>(mentions);
        bySize.sort(Comparator.comparingInt((Mention m) -> m.end - m.begin).reversed()
                .thenComparingInt(m -> m.begin));
        TreeMap<Integer, Mention> kept = new TreeMap<>();
        for (Mention m : bySize) {
            Map.Entry<Integer, Mention> before = kept.floorEntry(m.begin);
            Map.Entry<Integer, Mention> after = kept.ceilingEntry(m.begin);
            boolean overlaps = before != null && before.getValue().end > m.begin
                               || after != null && after.getKey() < m.end;
            if (!overlaps) {
                kept.put(m.begin, m);
            }
        }
        return new ArrayList<>(kept.values());
    }

    @Override
    public String toString() {
        return "DictionaryLinkingEngine[" + name + ", " + vocabulary + "]";
    }
}
