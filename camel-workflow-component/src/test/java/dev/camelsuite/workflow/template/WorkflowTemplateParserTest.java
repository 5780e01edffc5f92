package dev.camelsuite.workflow.template;

import java.util.List;

import dev.camelsuite.workflow.Templates;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WorkflowTemplateParserTest {

    @Test
    void readsTheWorkflowServicesFormat() {
        WorkflowTemplate t = Templates.load("accessionWF");
        assertThat(t.getId()).isEqualTo("accessionWF");
        assertThat(t.getProcesses()).extracting(ProcessDefinition::name).containsExactly("start-accession",
                "descriptive-metadata", "rights-metadata", "publish", "shelve", "sdr-ingest-received", "end-accession");
        ProcessDefinition start = t.getProcess("start-accession");
        assertThat(start.initialStatus()).isEqualTo("completed");
        assertThat(start.lifecycle()).isEqualTo("submitted");
        assertThat(start.label()).isEqualTo("Start accessioning");
        assertThat(t.getProcess("publish").prerequisites()).containsExactly("descriptive-metadata", "rights-metadata");
        assertThat(t.getProcess("sdr-ingest-received").skipQueue()).isTrue();
        assertThat(t.getProcess("shelve").initialStatus()).isEqualTo("waiting");
        assertThat(Templates.load("googleScannedBookWF").getProcess("cleanup").nextWorkflow()).isEqualTo("accessionWF");
    }

    @Test
    void templatesThatStartEachOtherAreCheckedTogether() {
        WorkflowTemplates both = new WorkflowTemplates(List.of(Templates.load("googleScannedBookWF"),
                Templates.load("accessionWF")));
        assertThat(both.get("accessionWF")).isNotNull();
        assertThatThrownBy(() -> new WorkflowTemplates(List.of(Templates.load("googleScannedBookWF"))))
                .isInstanceOf(InvalidTemplateException.class)
                .hasMessage("Workflow template 'googleScannedBookWF': process 'cleanup' starts workflow 'accessionWF',"
                            + " which has no template");
        assertThatThrownBy(() -> new WorkflowTemplates(List.of(Templates.load("accessionWF"), Templates.load("accessionWF"))))
                .hasMessage("Workflow template 'accessionWF' is defined twice");
    }

    @Test
    void prerequisitesComeFirstInPrerequisiteOrderAndTemplateOrderIsKept() {
        WorkflowTemplate listedFirst = Templates.load("accessionWF");
        assertThat(listedFirst.inPrerequisiteOrder()).isEqualTo(listedFirst.getProcesses());
        // "publish" is listed before the two steps it needs: stored after them
        WorkflowTemplate t = WorkflowTemplateParser.parse("<workflow-def id='w'>"
                + "<process name='publish'><prereq>describe</prereq><prereq>rights</prereq></process>"
                + "<process name='rights'><prereq>start</prereq></process><process name='start'/>"
                + "<process name='describe'/></workflow-def>");
        assertThat(t.getProcesses()).extracting(ProcessDefinition::name)
                .containsExactly("publish", "rights", "start", "describe");
        assertThat(t.inPrerequisiteOrder()).extracting(ProcessDefinition::name)
                .containsExactly("describe", "start", "rights", "publish");
    }

    @Test
    void invalidTemplatesAreRefusedWithTheirReason() {
        assertThatThrownBy(() -> WorkflowTemplateParser.parse(
                "<workflow-def id='w'><process name='a'/><process name='a'/></workflow-def>"))
                .hasMessage("Workflow template 'w' defines process 'a' twice");
        assertThatThrownBy(() -> WorkflowTemplateParser.parse(
                "<workflow-def id='w'><process name='a'><prereq>b</prereq></process></workflow-def>"))
                .hasMessage("Workflow template 'w': process 'a' has prerequisite 'b', which is not a process of the workflow");
        assertThatThrownBy(() -> WorkflowTemplateParser.parse("<workflow-def id='w'><process name='a'><prereq>c</prereq>"
                                                              + "</process><process name='b'><prereq>a</prereq></process>"
                                                              + "<process name='c'><prereq>b</prereq></process></workflow-def>"))
                .hasMessage("Workflow template 'w' has a prerequisite cycle: a -> c -> b -> a");
        assertThatThrownBy(() -> WorkflowTemplateParser.parse("<workflow-def id='w'><step name='a'/></workflow-def>"))
                .hasMessage("Workflow template 'w' has an unknown element <step>");
        assertThatThrownBy(() -> WorkflowTemplateParser.parse("<workflow id='w'/>"))
                .hasMessageContaining("must have <workflow-def> as its root");
        assertThatThrownBy(() -> WorkflowTemplateParser.parse("<workflow-def><process name='a'/></workflow-def>"))
                .hasMessageContaining("has no id");
        assertThatThrownBy(() -> WorkflowTemplateParser.parse("<workflow-def id='w'>")).hasMessageContaining(
                "is not well-formed XML");
    }

    @Test
    void externalEntitiesAreNeverRead() {
        String xxe = "<?xml version='1.0'?><!DOCTYPE w [<!ENTITY x SYSTEM 'file:///etc/passwd'>]>"
                     + "<workflow-def id='w'><process name='&x;'/></workflow-def>";
        assertThatThrownBy(() -> WorkflowTemplateParser.parse(xxe))
                .isInstanceOf(InvalidTemplateException.class)
                .hasMessageContaining("document types are not allowed");
    }
}
