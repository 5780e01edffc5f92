package dev.camelsuite.app.enhancer;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.rdf4j.common.iteration.CloseableIteration;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.vocabulary.FN;
import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.Dataset;
import org.eclipse.rdf4j.query.algebra.FunctionCall;
import org.eclipse.rdf4j.query.algebra.Regex;
import org.eclipse.rdf4j.query.algebra.TupleExpr;
import org.eclipse.rdf4j.query.algebra.ValueExpr;
import org.eclipse.rdf4j.query.algebra.evaluation.EvaluationStrategy;
import org.eclipse.rdf4j.query.algebra.evaluation.QueryEvaluationStep;
import org.eclipse.rdf4j.query.algebra.evaluation.QueryValueEvaluationStep;
import org.eclipse.rdf4j.query.algebra.evaluation.TripleSource;
import org.eclipse.rdf4j.query.algebra.evaluation.federation.FederatedServiceResolver;
import org.eclipse.rdf4j.query.algebra.evaluation.impl.DefaultEvaluationStrategy;
import org.eclipse.rdf4j.query.algebra.evaluation.impl.DefaultEvaluationStrategyFactory;
import org.eclipse.rdf4j.query.algebra.evaluation.impl.EvaluationStatistics;
import org.eclipse.rdf4j.query.algebra.evaluation.impl.QueryEvaluationContext;

/**
 * RDF4J's evaluation of a query, held to a {@link SparqlBudget}: every part of the query hands its rows on through
 * the budget, {@code REGEX} and {@code REPLACE} read through the query's clock ({@link BoundedRegex}), and a function
 * may make no longer a value than the characters left: {@code CONCAT}'s arguments are measured before they are
 * joined. Everything else is RDF4J's own.
 */
final class BudgetedEvaluation extends DefaultEvaluationStrategyFactory {

    private final SparqlBudget budget;

    BudgetedEvaluation(FederatedServiceResolver services, SparqlBudget budget) {
        super(services);
        this.budget = budget;
    }

    @Override
    public EvaluationStrategy createEvaluationStrategy(Dataset dataset, TripleSource triples,
                                                       EvaluationStatistics statistics) {
        Strategy strategy = new Strategy(triples, dataset, getFederatedServiceResolver(), statistics, budget);
        getOptimizerPipeline().ifPresent(strategy::setOptimizerPipeline);
        return strategy;
    }

    private static final class Strategy extends DefaultEvaluationStrategy {

        private final SparqlBudget budget;
        private final ValueFactory values;

        Strategy(TripleSource triples, Dataset dataset, FederatedServiceResolver services,
                 EvaluationStatistics statistics, SparqlBudget budget) {
            super(triples, dataset, services, 0, statistics, false);
            this.budget = budget;
            this.values = triples.getValueFactory();
        }

        @Override
        public QueryEvaluationStep precompile(TupleExpr expr, QueryEvaluationContext context) {
            return QueryEvaluationStep.wrap(super.precompile(expr, context), rows -> new Counted(rows, budget));
        }

        @Override
        protected QueryValueEvaluationStep prepare(Regex node, QueryEvaluationContext context) {
            QueryValueEvaluationStep text = precompile(node.getArg(), context);
            QueryValueEvaluationStep pattern = precompile(node.getPatternArg(), context);
            QueryValueEvaluationStep flags = node.getFlagsArg() == null ? null : precompile(node.getFlagsArg(), context);
            return row -> values.createLiteral(BoundedRegex.matches(text.evaluate(row),
                    pattern.evaluate(row), flags == null ? null : flags.evaluate(row), budget));
        }

        @Override
        public QueryValueEvaluationStep prepare(FunctionCall node, QueryEvaluationContext context) {
            List<QueryValueEvaluationStep> args = new ArrayList<>();
            for (ValueExpr arg : node.getArgs()) {
                args.add(precompile(arg, context));
            }
            if (FN.REPLACE.stringValue().equals(node.getURI()) && (args.size() == 3 || args.size() == 4)) {
                return row -> BoundedRegex.replace(args.get(0).evaluate(row), args.get(1).evaluate(row),
                        args.get(2).evaluate(row), args.size() == 4 ? args.get(3).evaluate(row) : null, budget,
                        values);
            }
            QueryValueEvaluationStep function = super.prepare(node, context);
            if (FN.CONCAT.stringValue().equals(node.getURI())) {
                // the arguments are measured before the function joins them: CONCAT(?v, ?v, …) of a long ?v
                return row -> {
                    long length = 0;
                    for (QueryValueEvaluationStep arg : args) {
                        length += SparqlBudget.length(arg.evaluate(row));
                    }
                    if (length > budget.charactersLeft()) {
                        budget.characters(length);
                    }
                    return made(function.evaluate(row));
                };
            }
            return row -> made(function.evaluate(row));
        }

        /** A value a function made counts against the query's characters. */
        private Value made(Value value) {
            budget.characters(SparqlBudget.length(value));
            return value;
        }
    }

    /** A part's rows, each counted as it is handed on. */
    private static final class Counted implements CloseableIteration<BindingSet> {

        private final CloseableIteration<BindingSet> rows;
        private final SparqlBudget budget;

        Counted(CloseableIteration<BindingSet> rows, SparqlBudget budget) {
            this.rows = rows;
            this.budget = budget;
        }

        @Override
        public boolean hasNext() {
            budget.checkTime();
            return rows.hasNext();
        }

        @Override
        public BindingSet next() {
            BindingSet row = rows.next();
            budget.row(row);
            return row;
        }

        @Override
        public void close() {
            rows.close();
        }
    }
}
