package dev.camelsuite.enhancer.job;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.chain.ExecutionNode;
import dev.camelsuite.enhancer.chain.ExecutionPlan;
import dev.camelsuite.enhancer.content.EnhancementProperties;
import dev.camelsuite.enhancer.spi.EnhancementEngine;

/**
 * A chain ready to run: its plan and, for each node, the engine that runs it.
 *
 * @param chain   the chain
 * @param plan    its execution plan
 * @param engines the engine of each plan node, by node index; null where an engine is not available
 */
public record PreparedChain(Chain chain, ExecutionPlan plan, EnhancementEngine[] engines) {

    /** Looks every engine of the chain up, failing with an error naming the chain and the engine if one is unknown. */
    public static PreparedChain prepare(Chain chain, EngineResolver resolver) {
        ExecutionPlan plan = chain.createPlan(name -> engineNamed(chain, resolver, name).getOrder());
        EnhancementEngine[] engines = new EnhancementEngine[plan.size()];
        for (int i = 0; i < engines.length; i++) {
            engines[i] = engineNamed(chain, resolver, plan.getNode(i).getEngine());
        }
        return new PreparedChain(chain, plan, engines);
    }

    /**
     * Stanbol's chain-scoped enhancement properties of the chain's engines, as {@code engine:key} properties (none
     * when no element of the chain names any).
     */
    public EnhancementProperties chainScoped() {
        Map<String, List<String>> properties = null;
        for (ExecutionNode node : plan.getNodes()) {
            Map<String, List<String>> own = node.getElement().getProperties();
            if (!own.isEmpty()) {
                properties = properties == null ? new LinkedHashMap<>() : properties;
                for (Map.Entry<String, List<String>> e : own.entrySet()) {
                    properties.put(node.getEngine() + ":" + e.getKey(), e.getValue());
                }
            }
        }
        return properties == null ? EnhancementProperties.NONE : EnhancementProperties.of(properties);
    }

    private static EnhancementEngine engineNamed(Chain chain, EngineResolver resolver, String name) {
        EnhancementEngine engine = resolver.resolve(name);
        if (engine == null) {
            throw new UnknownEngineException(chain.getName(), name);
        }
        return engine;
    }

    /**
     * The engines for another plan of this chain (one carried by a content item being continued): this chain's engines
     * when the plans are equal, else each looked up by name; an engine no longer available is null and fails (or, when
     * optional, skips) its node.
     */
    public EnhancementEngine[] enginesFor(ExecutionPlan other, EngineResolver resolver) {
        if (other.equals(plan)) {
            return engines;
        }
        EnhancementEngine[] result = new EnhancementEngine[other.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = resolver.resolve(other.getNode(i).getEngine());
        }
        return result;
    }
}
