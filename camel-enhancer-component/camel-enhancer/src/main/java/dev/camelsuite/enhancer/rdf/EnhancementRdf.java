package dev.camelsuite.enhancer.rdf;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.UnaryOperator;

import dev.camelsuite.enhancer.chain.ExecutionPlan;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.metadata.ExecutionMetadata;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.impl.LinkedHashModel;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.rio.RDFHandler;
import org.eclipse.rdf4j.rio.RDFHandlerException;
import org.eclipse.rdf4j.rio.RDFParseException;
import org.eclipse.rdf4j.rio.RDFParser;
import org.eclipse.rdf4j.rio.helpers.StatementCollector;

import static dev.camelsuite.enhancer.rdf.RdfTerms.*;

/**
 * Renders a content item's enhancements and execution metadata as RDF in Apache Stanbol's vocabularies, and reads
 * execution metadata back. IRIs are written as Stanbol's code writes them ({@code em:StatusSheduled},
 * {@code em:defualtChain}); both those and the documented spellings are read. Rendering happens only on demand, never
 * while a chain runs.
 */
public final class EnhancementRdf {

    private EnhancementRdf() {
    }

    /** The item's enhancements (Stanbol's enhancement structure) and, if it has them, its execution metadata. */
    public static Model toModel(ContentItem item) {
        return toModel(item, true);
    }

    /**
     * The item's enhancements, with its execution metadata and plan only when asked (Stanbol leaves them out unless
     * the request says {@code executionmetadata=true}). The enhancement structure follows Stanbol's rules: every
     * enhancement has one {@code dc:creator}, {@code dc:created}, {@code fise:extracted-from} and an
     * {@code xsd:double} {@code fise:confidence}; a text annotation over a span has its offsets, selected text, prefix,
     * suffix and context ({@link Occurrence}), and a {@code dc:type} only as an IRI (the kind of entity a mention
     * names, a language's {@code dc:LinguisticSystem}, or an annotation type that is itself an IRI); an entity
     * annotation has its reference, a label, its types, a {@code fise:confidence-level} and a {@code dc:relation} to
     * its text annotation. The NLP analysis (sentences, tokens) is not in it: see {@link AnalysisNif}.
     */
    public static Model toModel(ContentItem item, boolean withMetadata) {
        Model model = newModel();
        EnhancementStatements.emit(item, withMetadata, UnaryOperator.identity(), model::add);
        return model;
    }

    /**
     * Writes what {@link #toModel(ContentItem, boolean)} answers as it is made, statement by statement, without
     * holding the graph: the enhancements of a long text are many times its size. JSON-LD is written node by node
     * ({@link JsonLdStream}), the other formats by RDF4J's writers.
     */
    public static void write(ContentItem item, boolean withMetadata, RdfFormat format, OutputStream out) {
        write(item, withMetadata, null, format, out);
    }

    /**
     * Like {@link #write(ContentItem, boolean, RdfFormat, OutputStream)}, after the statements of {@code given}
     * (metadata the caller had of the item, as Stanbol keeps those of a multipart request), each subject's together.
     */
    public static void write(ContentItem item, boolean withMetadata, Model given, RdfFormat format,
                             OutputStream out) {
        write(item, withMetadata, given, UnaryOperator.identity(), format, out);
    }

    /**
     * Like {@link #write(ContentItem, boolean, Model, RdfFormat, OutputStream)}, each enhancement's
     * {@code dc:creator} being what {@code creators} answers for the name of the engine that made it (an application
     * that answers as Stanbol writes Stanbol's engine class names).
     */
    public static void write(ContentItem item, boolean withMetadata, Model given, UnaryOperator<String> creators,
                             RdfFormat format, OutputStream out) {
        RDFHandler writer = format.writer(out);
        try {
            writer.startRDF();
            NAMESPACES.forEach(writer::handleNamespace);
            if (given != null) {
                for (Resource subject : given.subjects()) {
                    for (Statement st : given.getStatements(subject, null, null)) {
                        writer.handleStatement(st);
                    }
                }
            }
            EnhancementStatements.emit(item, withMetadata, creators,
                    (s, p, o) -> writer.handleStatement(VF.createStatement(s, p, o)));
            writer.endRDF();
        } catch (RDFHandlerException e) {
            throw new UncheckedIOException(e.getCause() instanceof IOException io
                    ? io : new IOException("Could not write " + format, e));
        }
    }

    /** The execution metadata and their plan alone. */
    public static Model toModel(ExecutionMetadata md) {
        return MetadataRdf.toModel(md);
    }

    /** The execution plan of a chain alone (Stanbol's {@code /enhancer/chain/{name}/ep}). */
    public static Model toModel(ExecutionPlan plan) {
        return MetadataRdf.toModel(plan);
    }

    // ---------------------------------------------------------------- serializing

    /**
     * Writes a graph, a subject's statements together and the subjects in the order of their ids, as Stanbol writes
     * its graphs in JSON-LD.
     */
    public static void write(Model model, RdfFormat format, OutputStream out) {
        RDFHandler writer = format.writer(out);
        try {
            writer.startRDF();
            for (var ns : model.getNamespaces()) {
                writer.handleNamespace(ns.getPrefix(), ns.getName());
            }
            List<Resource> subjects = new ArrayList<>(model.subjects());
            subjects.sort(Comparator.comparing(JsonLdStream::id));
            for (Resource subject : subjects) {
                for (Statement st : model.getStatements(subject, null, null)) {
                    writer.handleStatement(st);
                }
            }
            writer.endRDF();
        } catch (RDFHandlerException e) {
            throw new UncheckedIOException(new IOException("Could not write " + format, e));
        }
    }

    public static String toString(Model model, RdfFormat format) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(model, format, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    /** The item as RDF text: {@code EnhancementRdf.toString(item, RdfFormat.TURTLE)}. */
    public static String toString(ContentItem item, RdfFormat format) {
        return toString(toModel(item), format);
    }

    public static Model parse(String rdf, RdfFormat format) {
        return parse(new ByteArrayInputStream(rdf.getBytes(StandardCharsets.UTF_8)), format);
    }

    public static Model parse(InputStream in, RdfFormat format) {
        RDFParser parser = format.parser();
        Model model = new LinkedHashModel();
        parser.setRDFHandler(new StatementCollector(model));
        try {
            parser.parse(in, "urn:x-base:");
        } catch (IOException | RDFParseException | RDFHandlerException e) {
            throw new IllegalArgumentException("Malformed " + format + ": " + e.getMessage(), e);
        }
        return model;
    }

    /**
     * Reads RDF a caller sent, within a budget ({@link RdfReadBudget}): its characters, entities expanded, and its
     * nesting bounded, and the budget's check run between statements.
     *
     * @throws RdfReadBudget.Exceeded   when the RDF passes a bound of the budget
     * @throws RuntimeException         what the budget's check threw
     * @throws IllegalArgumentException when it is not RDF of the format, with a message for the caller
     */
    public static Model parse(InputStream in, RdfFormat format, RdfReadBudget budget) {
        try {
            return BoundedRdfReader.parse(in, format, budget, new LinkedHashModel());
        } catch (RdfReadBudget.Exceeded e) {
            throw e;
        } catch (StackOverflowError e) {
            throw BoundedRdfReader.nestedTooDeeply(budget.maxNesting());
        } catch (IOException | RuntimeException e) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof RdfReadBudget.Exceeded exceeded) {
                    throw exceeded;
                }
                if (t instanceof RdfReadBudget.Stopped stopped) {
                    throw stopped.reason(); // the request's deadline, say
                }
            }
            if (BoundedRdfReader.isXmlLimit(e)) {
                throw new RdfReadBudget.Exceeded("the RDF/XML's entities expand to more than "
                                                 + budget.maxCharacters() + " characters, or its elements nest more"
                                                 + " than " + budget.maxNesting() * 2 + " deep");
            }
            throw new IllegalArgumentException("Malformed " + format + ": " + callersWords(e));
        }
    }

    /**
     * A parser's message without the parser's own terms: remote JSON-LD contexts are not loaded (RDF4J names its
     * setting), and the first line of anything else.
     */
    private static String callersWords(Exception e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String message = t.getMessage();
            if (message != null && (message.contains(BoundedRdfReader.REMOTE_CONTEXT) || message.contains("WHITELIST"))) {
                return BoundedRdfReader.REMOTE_CONTEXT;
            }
        }
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int eol = message.indexOf('\n');
        return eol < 0 ? message : message.substring(0, eol);
    }

    /**
     * Reads the execution metadata of the item with the given id from RDF (accepting both spellings of
     * {@code em:StatusSheduled}/{@code em:StatusScheduled} and {@code em:defualtChain}/{@code em:defaultChain}).
     *
     * @throws IllegalArgumentException when the model holds no chain execution for the item, or an inconsistent one
     */
    public static ExecutionMetadata readMetadata(Model model, String itemUri) {
        return MetadataRdf.readMetadata(model, itemUri);
    }
}
