package dev.camelsuite.app.enhancer;

import java.util.List;
import java.util.function.Function;

import dev.camelsuite.enhancer.chain.ExecutionNode;
import dev.camelsuite.enhancer.chain.ExecutionPlan;

/**
 * The chains and engines written into the enhancer's HTML pages, as Stanbol's pages list them: clients (and Stanbol's
 * own tests) read the page to see which engines are up, so the list is in the HTML itself, not filled in by a script.
 * Each engine of a chain is shown as Stanbol shows it, {@code <b>name</b> <small>(required, ClassName)</small>}.
 */
final class EnhancerListing {

    private EnhancerListing() {
    }

    /**
     * What {@code GET /enhancer} shows: the default chain and its engines, then every chain and every engine, each a
     * link to its own page.
     *
     * @param shownClass the class an engine is shown with, by its name
     */
    static String enhancer(String base, ExecutionPlan defaultPlan, List<String> chains, List<String> engines,
                           Function<String, String> shownClass) {
        StringBuilder html = new StringBuilder("<section class=\"wide\" id=\"active\">\n");
        if (defaultPlan != null) {
            html.append(chainEngines(defaultPlan, shownClass));
        }
        html.append("<h2>Chains</h2>\n<ul id=\"chains\">\n");
        for (String chain : chains) {
            html.append("<li><a href=\"").append(escape(base + "/chain/" + chain)).append("\">").append(escape(chain))
                    .append("</a></li>\n");
        }
        html.append("</ul>\n<h2>Engines</h2>\n<ul id=\"engines\">\n");
        for (String engine : engines) {
            html.append("<li><a href=\"").append(escape(base + "/engine/" + engine)).append("\"><b>")
                    .append(escape(engine)).append("</b></a> <small>(").append(escape(shownClass.apply(engine)))
                    .append(")</small></li>\n");
        }
        return html.append("</ul>\n</section>\n").toString();
    }

    /** A chain's page: its engines in the order of its plan, each required or optional, and its plan's links. */
    static String chain(String base, ExecutionPlan plan, Function<String, String> shownClass) {
        String name = plan.getChainName();
        return "<section class=\"wide\" id=\"chain\">\n" + chainEngines(plan, shownClass)
               + "<p>Enhance with it: <code>POST " + escape(base + "/chain/" + name) + "</code>; its execution plan: <a href=\""
               + escape(base + "/chain/" + name + "/ep") + "\">" + escape(base + "/chain/" + name + "/ep")
               + "</a></p>\n</section>\n";
    }

    /** An engine's page: its name and class, and how to use it alone. */
    static String engine(String base, String name, String shownClass, int order) {
        return "<section class=\"wide\" id=\"engine\">\n<h2>Enhancement engine <b>" + escape(name) + "</b> <small>("
               + escape(shownClass) + ")</small></h2>\n<p>Order " + order + ". Enhance with it alone: <code>POST "
               + escape(base + "/engine/" + name) + "</code>; its execution plan: <a href=\""
               + escape(base + "/engine/" + name + "/ep") + "\">" + escape(base + "/engine/" + name + "/ep")
               + "</a></p>\n</section>\n";
    }

    private static String chainEngines(ExecutionPlan plan, Function<String, String> shownClass) {
        StringBuilder html = new StringBuilder("<h2>Enhancement chain: <strong>").append(escape(plan.getChainName()))
                .append("</strong> (").append(plan.size()).append(plan.size() == 1 ? " engine" : " engines")
                .append(")</h2>\n<ul class=\"chain-engines\">\n");
        for (ExecutionNode node : plan.getNodes()) {
            html.append("<li><b>").append(escape(node.getEngine())).append("</b> <small>(")
                    .append(node.isOptional() ? "optional" : "required").append(", ")
                    .append(escape(shownClass.apply(node.getEngine()))).append(")</small></li>\n");
        }
        return html.append("</ul>\n").toString();
    }

    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
