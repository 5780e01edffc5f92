package com.example.enhancing;

import java.util.Map;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.EnhancementEngine;

// tag::engine[]
/** An engine: one step of a chain. It annotates the whole text with the text in capitals. */
public class UpperCaseEngine implements EnhancementEngine {

    @Override
    public String getName() {
        return "shout";
    }

    @Override
    public void computeEnhancements(ContentItem item) {
        item.addAnnotation("shouted", 0, item.getText().length(), 1.0, getName(),
                Map.of("upper", item.getText().toUpperCase()));
    }
}
// end::engine[]
