package dev.camelsuite.uima;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One run of the stock UIMA AS 2.10.3 client ({@code StockClientReplies} of module {@code uima-as-test-service}) in
 * its own JVM: uimaj 2 and 3 cannot share a class loader. It sends {@code documents} documents and returns what the
 * client got back for each, one line per document, and its protocol lines (META, CPC, DONE).
 */
record StockClientRun(int exitStatus, List<String> protocol, List<String> answers) {

    static StockClientRun run(String broker, String queue, int casPoolSize, String serialization, int documents,
            int failEvery, Path workDir) throws Exception {
        return run(broker, queue, casPoolSize, serialization, documents, failEvery, workDir, null);
    }

    /** A run with the documents of {@code texts} (one a line, {@code \n} for a line break) instead of the client's. */
    static StockClientRun run(String broker, String queue, int casPoolSize, String serialization, int documents,
            int failEvery, Path workDir, Path texts) throws Exception {
        Path output = Files.createTempFile(workDir, "answers", ".txt");
        List<String> args = new ArrayList<>(List.of(broker, queue, String.valueOf(casPoolSize), serialization,
                String.valueOf(documents), output.toString(), String.valueOf(failEvery)));
        if (texts != null) {
            args.add(texts.toString());
        }
        StockClientRun run = launch("StockClientReplies", args.toArray(String[]::new));
        return new StockClientRun(run.exitStatus(), run.protocol(), Files.readAllLines(output, StandardCharsets.UTF_8));
    }

    /**
     * Runs one of the stock clients of {@code uima-as-test-service} ({@code dev.camelsuite.uima.testservice.}
     * {@code client}) in its own JVM: its exit status and the lines it printed on stdout.
     */
    static StockClientRun launch(String client, String... args) throws Exception {
        Path classpathFile = Path.of("../../uima-as-test-service/target/service-classpath.txt").toAbsolutePath()
                .normalize();
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx256m");
        for (String open : UimaAsServiceProcess.ADD_OPENS) {
            command.add("--add-opens=" + open + "=ALL-UNNAMED");
        }
        command.add("-cp");
        command.add(Files.readString(classpathFile).trim());
        command.add("dev.camelsuite.uima.testservice." + client);
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        List<String> protocol = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines()
                .toList();
        if (!process.waitFor(3, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IOException("The stock client did not end within 3 minutes");
        }
        return new StockClientRun(process.exitValue(), protocol, List.of());
    }

    String protocolLine(String prefix) {
        return protocol.stream().filter(l -> l.startsWith(prefix)).findFirst().orElse(null);
    }
}
