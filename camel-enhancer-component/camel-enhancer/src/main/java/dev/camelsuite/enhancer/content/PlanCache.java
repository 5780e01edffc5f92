package dev.camelsuite.enhancer.content;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

import dev.camelsuite.enhancer.chain.ChainElement;
import dev.camelsuite.enhancer.chain.ExecutionPlan;

/**
 * Plans read from JSON, by chain and elements: every item of a chain carries the same plan, so it is parsed once
 * (plans never change once made). Bounded: cleared when full.
 */
final class PlanCache {

    private final int capacity;
    private final ConcurrentHashMap<List<String>, ExecutionPlan> plans = new ConcurrentHashMap<>();

    PlanCache(int capacity) {
        this.capacity = capacity;
    }

    ExecutionPlan planOf(String chain, List<String> elements) {
        List<String> key = new ArrayList<>(elements.size() + 1);
        key.add(chain);
        key.addAll(elements);
        ExecutionPlan plan = plans.get(key);
        if (plan == null) {
            List<ChainElement> parsed = new ArrayList<>(elements.size());
            for (String line : elements) {
                parsed.add(ChainElement.parse(chain, line));
            }
            plan = ExecutionPlan.of(chain, parsed);
            if (plans.size() >= capacity) {
                plans.clear();
            }
            plans.put(key, plan);
        }
        return plan;
    }
}
