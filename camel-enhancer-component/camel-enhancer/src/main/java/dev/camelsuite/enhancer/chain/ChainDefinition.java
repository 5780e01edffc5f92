package dev.camelsuite.enhancer.chain;

import java.util.ArrayList;
import java.util.List;

import org.apache.camel.spi.Configurer;

/**
 * A chain as written in configuration, one element per entry:
 * <pre>
 * camel.component.enhancer.chains[default].type = graph
 * camel.component.enhancer.chains[default].engines[0] = langid
 * camel.component.enhancer.chains[default].engines[1] = ner;dependsOn=langid
 * </pre>
 */
@Configurer
public class ChainDefinition {

    private String type = "list";
    private List<String> engines = new ArrayList<>();

    public String getType() {
        return type;
    }

    /** The kind of chain: {@code list} (the default), {@code weighted} or {@code graph}. */
    public void setType(String type) {
        this.type = type;
    }

    public List<String> getEngines() {
        return engines;
    }

    /** The chain's elements in line syntax, e.g. {@code ner;optional;dependsOn=langid}. */
    public void setEngines(List<String> engines) {
        this.engines = engines;
    }

    /** Turns the definition into a chain of the given name, checking it. */
    public Chain toChain(String name) {
        List<String> lines = new ArrayList<>();
        for (String e : engines) {
            // configuration may leave holes when indices skip a number
            if (e != null) {
                lines.add(e);
            }
        }
        return new Chain(name, ChainType.of(name, type), lines);
    }
}
