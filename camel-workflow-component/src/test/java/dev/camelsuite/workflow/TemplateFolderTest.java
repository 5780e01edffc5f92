package dev.camelsuite.workflow;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.apache.camel.impl.DefaultCamelContext;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Templates from a folder, as the workflow service keeps them. */
class TemplateFolderTest {

    @TempDir
    Path folder;

    @Test
    void aFileFolderStandsForItsXmlFiles() throws Exception {
        copy("googleScannedBookWF.xml");
        copy("accessionWF.xml");
        Files.writeString(folder.resolve("README.txt"), "not a template");
        Files.createDirectory(folder.resolve("old.xml"));

        assertThat(TemplateFolder.expand("file:" + folder)).containsExactly("file:" + folder.resolve("accessionWF.xml"),
                "file:" + folder.resolve("googleScannedBookWF.xml"));
        try (DefaultCamelContext context = new DefaultCamelContext()) {
            WorkflowComponent workflow = new WorkflowComponent();
            JdbcDataSource ds = new JdbcDataSource();
            ds.setURL("jdbc:h2:mem:folder-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
            workflow.setDataSource(ds);
            workflow.setTemplates("file:" + folder + ", classpath:templates/etdSubmitWF.xml");
            context.addComponent("workflow", workflow);
            context.start();
            List<?> templates = context.createProducerTemplate().requestBody("workflow:?operation=templates", null, List.class);
            assertThat(templates).hasSize(3);
        }
    }

    @Test
    void anEmptyFolderIsAnError() {
        assertThatThrownBy(() -> TemplateFolder.expand("file:" + folder))
                .hasMessage("Option templates: the folder file:" + folder + " holds no .xml template");
    }

    @Test
    void anythingElseIsOneResource() {
        assertThat(TemplateFolder.expand("classpath:templates/accessionWF.xml"))
                .containsExactly("classpath:templates/accessionWF.xml");
        assertThat(TemplateFolder.expand("file:" + folder.resolve("missing.xml")))
                .containsExactly("file:" + folder.resolve("missing.xml"));
        assertThat(TemplateFolder.expand("")).isEmpty();
    }

    private void copy(String name) throws Exception {
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("templates/" + name)) {
            Files.copy(in, folder.resolve(name));
        }
    }
}
