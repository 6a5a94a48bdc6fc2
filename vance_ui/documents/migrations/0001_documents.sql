-- Every document of every tenant: the PostgreSQL store's one table.
-- `version` comes from one sequence, so a deleted and re-created document never repeats a version,
-- and the sequence doubles as the store's change counter.
CREATE SEQUENCE document_changes;

CREATE TABLE documents (
    tenant  text   NOT NULL,
    project text   NOT NULL,
    path    text   NOT NULL,
    folder  text   NOT NULL,  -- the path up to its last "/" ("" for a layer's own files): what `list` asks for
    content bytea  NOT NULL,
    version bigint NOT NULL,
    PRIMARY KEY (tenant, project, path)
);

CREATE INDEX documents_by_folder ON documents (tenant, project, folder);
