package dev.camelsuite.enhancer.chain;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ChainSyntaxTest {

    @Test
    void elementsFollowStanbolsLineSyntax() {
        ChainElement e = ChainElement.parse("c", " ner ; optional ; dependsOn=langid, tokens ;timeout=5000;maxRetries=1");
        assertThat(e.getEngine()).isEqualTo("ner");
        assertThat(e.isOptional()).isTrue();
        assertThat(e.getDependsOn()).containsExactly("langid", "tokens");
        assertThat(e.getTimeout()).isEqualTo(5000);
        assertThat(e.getMaxRetries()).isEqualTo(1);
        assertThat(e.toString()).isEqualTo("ner;optional;dependsOn=langid,tokens;timeout=5000;maxRetries=1");
        assertThat(ChainElement.parse("c", e.toString())).isEqualTo(e);
        assertThat(ChainElement.parse("c", "ner;optional=false").isOptional()).isFalse();
        assertThat(ChainElement.parse("c", "direct:engine?x=1").getEngine()).isEqualTo("direct:engine?x=1");
    }

    @Test
    void enhancementPropertiesOfAnEngineInTheChainAsStanbolWritesThem() {
        ChainElement e = ChainElement.parse("c",
                "dereference;optional;enhancer.engines.dereference.languages=de,fr;enhancer.max-suggestions=3");
        assertThat(e.getProperties()).containsOnly(
                entry("enhancer.engines.dereference.languages", List.of("de", "fr")),
                entry("enhancer.max-suggestions", List.of("3")));
        assertThat(ChainElement.parse("c", e.toString())).isEqualTo(e);
        assertThatThrownBy(() -> ChainElement.parse("c", "dereference;languages=de"))
                .isInstanceOf(InvalidChainException.class)
                .hasMessageContaining("unknown parameter 'languages'")
                .hasMessageContaining("enhancement properties enhancer.");
        assertThatThrownBy(() -> ChainElement.parse("c", "dereference;enhancer.=de"))
                .hasMessageContaining("unknown parameter 'enhancer.'");
    }

    @Test
    void errorHandlingParametersAfterUimaAs() {
        ChainElement e = ChainElement.parse("c", "ner;continueOnRetryFailure;thresholdCount=3;thresholdWindow=10;"
                                                 + "thresholdAction=disable");
        assertThat(e.isContinueOnRetryFailure()).isTrue();
        assertThat(e.getThresholdCount()).isEqualTo(3);
        assertThat(e.getThresholdWindow()).isEqualTo(10);
        assertThat(e.getThresholdAction()).isEqualTo(ThresholdAction.DISABLE);
        assertThat(ChainElement.parse("c", e.toString())).isEqualTo(e);
        // unset ones are left to the worker's options
        ChainElement plain = ChainElement.parse("c", "ner");
        assertThat(plain.getThresholdCount()).isNull();
        assertThat(plain.getThresholdAction()).isNull();
        assertThat(plain.isContinueOnRetryFailure()).isFalse();
        assertThatThrownBy(() -> ChainElement.parse("c", "ner;thresholdAction=explode"))
                .isInstanceOf(InvalidChainException.class)
                .hasMessage("Chain 'c', engine 'ner': parameter 'thresholdAction' must be disable or terminate but was"
                            + " 'explode'");
        assertThatThrownBy(() -> ChainElement.parse("c", "ner;thresholdCount=-1"))
                .hasMessageContaining("parameter 'thresholdCount' must be a whole number >= 0");
    }

    @Test
    void aListChainIsAStrictSequence() {
        ExecutionPlan plan = Chain.list("l", "a", "b;optional", "c").createPlan(n -> 0);
        assertThat(plan.toElements()).containsExactly("a", "b;optional;dependsOn=a", "c;dependsOn=b");
        assertThat(plan.getRoots()).containsExactly(0);
        assertThat(plan.getNode("b").getDependants()).containsExactly(2);
    }

    @Test
    void aWeightedChainGroupsByOrderHigherFirst() {
        Map<String, Integer> orders = Map.of("post", -100, "lang", 190, "ner", 130, "pos", 160, "ner2", 130);
        ExecutionPlan plan = Chain.weighted("w", "post", "ner", "lang", "ner2", "pos").createPlan(orders::get);
        assertThat(plan.toElements()).containsExactly("lang", "pos;dependsOn=lang", "ner;dependsOn=pos",
                "ner2;dependsOn=pos", "post;dependsOn=ner,ner2");
    }

    @Test
    void aGraphChainIsNumberedInTopologicalOrderKeepingTheGivenOrder() {
        ExecutionPlan plan = Chain.graph("g", "link;dependsOn=ner", "ner;dependsOn=lang", "lang", "other")
                .createPlan(n -> 0);
        assertThat(plan.getNodes()).extracting(ExecutionNode::getEngine).containsExactly("lang", "ner", "link",
                "other");
        assertThat(plan.getRoots()).containsExactly(0, 3);
    }

    @Test
    void theBuilderWritesTheSameChain() {
        Chain built = Chain.builder("b", ChainType.GRAPH)
                .engine("langid")
                .engine("ner").dependsOn("langid").timeout(5000).maxRetries(1)
                .engine("zemanta").optional().threshold(3, 10, ThresholdAction.DISABLE)
                .engine("linker").dependsOn("ner").continueOnRetryFailure()
                .build();
        assertThat(built.createPlan(n -> 0)).isEqualTo(
                Chain.graph("b", "langid", "ner;dependsOn=langid;timeout=5000;maxRetries=1",
                        "zemanta;optional;thresholdCount=3;thresholdWindow=10;thresholdAction=disable",
                        "linker;dependsOn=ner;continueOnRetryFailure").createPlan(n -> 0));
        assertThatThrownBy(() -> Chain.builder("b", ChainType.LIST).optional())
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void definitionsFromConfigurationSkipHolesAndReadTheType() {
        ChainDefinition d = new ChainDefinition();
        d.setType("GRAPH");
        d.setEngines(new java.util.ArrayList<>(java.util.Arrays.asList("langid", null, "ner;dependsOn=langid")));
        Chain chain = d.toChain("configured");
        assertThat(chain.getType()).isEqualTo(ChainType.GRAPH);
        assertThat(chain.getElements()).extracting(ChainElement::getEngine).containsExactly("langid", "ner");
        assertThat(new ChainDefinition().getType()).isEqualTo("list");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            empty chain              | LIST  |                                   | Chain 'bad' has no engines                                                    |
            duplicate engine         | LIST  | a,a                               | Chain 'bad' names engine 'a' twice                                            | a
            dependency outside       | GRAPH | a;dependsOn=x                     | Chain 'bad': engine 'a' depends on 'x', which is not an engine of the chain   | a
            depends on itself        | GRAPH | a;dependsOn=a                     | Chain 'bad': engine 'a' depends on itself                                     | a
            cycle                    | GRAPH | a;dependsOn=c,b;dependsOn=a,c;dependsOn=b | Chain 'bad' has a dependency cycle: a -> c -> b -> a                   | a
            unknown parameter        | GRAPH | a;optinal                         | Chain 'bad', engine 'a': unknown parameter 'optinal'                          | a
            repeated parameter       | GRAPH | a;optional;optional=false         | Chain 'bad', engine 'a': parameter 'optional' appears twice                   | a
            bad boolean              | GRAPH | a;optional=maybe                  | Chain 'bad', engine 'a': parameter 'optional' must be true or false           | a
            bad timeout              | GRAPH | a;timeout=-5                      | Chain 'bad', engine 'a': parameter 'timeout' must be a whole number >= 0      | a
            dependsOn in a list      | LIST  | a,b;dependsOn=a                   | Chain 'bad', engine 'b': dependsOn is only allowed in a graph chain           | b
            element without engine   | LIST  | ;optional                         | Chain 'bad' has an element without an engine name                             |
            """)
    void invalidChainsNameTheChainAndTheEngine(String what, ChainType type, String elements, String message,
                                               String engine) {
        List<String> lines = elements == null ? List.of() : List.of(elements.split(","));
        if (what.equals("cycle")) {
            lines = List.of("a;dependsOn=c", "b;dependsOn=a", "c;dependsOn=b");
        }
        List<String> chainLines = lines;
        assertThatThrownBy(() -> new Chain("bad", type, chainLines))
                .isInstanceOfSatisfying(InvalidChainException.class, e -> {
                    assertThat(e.getChain()).isEqualTo("bad");
                    assertThat(e.getEngine()).isEqualTo(engine);
                })
                .hasMessageStartingWith(message);
    }

    @Test
    void anUnknownChainTypeIsNamed() {
        ChainDefinition d = new ChainDefinition();
        d.setType("tree");
        d.setEngines(List.of("a"));
        assertThatThrownBy(() -> d.toChain("typed"))
                .isInstanceOf(InvalidChainException.class)
                .hasMessage("Chain 'typed' has type 'tree'; the type must be one of list, weighted, graph");
    }
}
