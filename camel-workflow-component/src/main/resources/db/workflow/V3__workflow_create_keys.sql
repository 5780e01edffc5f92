-- Idempotency keys of workflow creates (portable, H2 and PostgreSQL).
--
-- A create sent with a key records it in the create's own transaction, with a hash of what was asked (object,
-- workflow, version, lane, context, start date). The same key again answers the workflow that create made, without
-- creating it again (robots may have advanced it meanwhile); the key with another request is refused. Keys are kept
-- for the component's idempotencyKeyRetention, then deleted by the next keyed create.
CREATE TABLE workflow_create_key (
    idempotency_key VARCHAR(255) NOT NULL PRIMARY KEY,
    request_hash    VARCHAR(64)  NOT NULL,
    object_id       VARCHAR(255) NOT NULL,
    workflow        VARCHAR(100) NOT NULL,
    version         INTEGER      NOT NULL,
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL
);

CREATE INDEX workflow_create_key_created ON workflow_create_key (created_at);
