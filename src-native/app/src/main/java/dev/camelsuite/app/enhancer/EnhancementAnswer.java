package dev.camelsuite.app.enhancer;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.ContentPart;
import dev.camelsuite.enhancer.rdf.AnalysisNif;
import dev.camelsuite.enhancer.rdf.EnhancementRdf;
import dev.camelsuite.enhancer.rdf.RdfFormat;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.core.MediaType;

/**
 * What an enhance request answers, as Stanbol answers it: the enhancements alone, or a multipart answer of the
 * metadata, the content when asked and the NLP analysis when asked. It can be written more than once, byte for byte
 * alike but for creation times (the multipart boundary is chosen once): counted first, then sent.
 */
final class EnhancementAnswer {

    private final ContentItem item;
    private final EnhanceRequest request;
    private final RdfFormat format;
    private final RdfNegotiation.Negotiated negotiated;
    private final String boundary = MultipartAnswer.newBoundary();

    EnhancementAnswer(ContentItem item, EnhanceRequest request, RdfNegotiation.Negotiated negotiated) {
        this.item = item;
        this.request = request;
        this.negotiated = negotiated;
        this.format = negotiated.format();
    }

    /** Writes the answer; answers its media type. */
    String writeTo(OutputStream out) throws IOException {
        boolean withContent = request.outputContent() != null && !request.outputContent().isBlank();
        if (!withContent && !request.outputAnalysis()) {
            EnhancementRdf.write(item, request.executionMetadata(), format, out);
            return negotiated.contentType();
        }
        ContentPart content = withContent ? content(request.outputContent()) : null;
        if (request.omitMetadata() && !request.outputAnalysis()) {
            out.write(content.data());
            return content.mediaType();
        }
        MultipartAnswer answer = new MultipartAnswer(boundary);
        if (!request.omitMetadata()) {
            answer.part("metadata", item.getUri(), negotiated.contentType(),
                    part -> EnhancementRdf.write(item, request.executionMetadata(), format, part));
        }
        if (content != null) {
            answer.part("content", item.getUri() + "_main", content.mediaType(), part -> part.write(content.data()));
        }
        if (request.outputAnalysis()) {
            answer.part(AnalysisNif.CONTENT_PART, AnalysisNif.CONTENT_PART, negotiated.contentType(),
                    part -> AnalysisNif.write(item, format, part));
        }
        answer.writeTo(out);
        return answer.mediaType();
    }

    /** The item's content in the media type {@code outputContent} asks for. */
    private ContentPart content(String outputContent) {
        MediaType wanted = MediaType.valueOf(outputContent);
        ContentPart part = item.getPart("content");
        if (part != null && MediaType.valueOf(part.mediaType()).isCompatible(wanted)) {
            return part;
        }
        if (item.getText() != null && MediaType.TEXT_PLAIN_TYPE.isCompatible(wanted)) {
            return new ContentPart("content", "text/plain; charset=UTF-8",
                    item.getText().getBytes(StandardCharsets.UTF_8));
        }
        throw new BadRequestException("Parameter outputContent: the content item has no content of type "
                                      + outputContent);
    }
}
