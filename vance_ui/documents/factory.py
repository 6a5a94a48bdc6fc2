"""The one place that turns settings into stores: files under the data dir, or PostgreSQL."""

from __future__ import annotations

from vance_ui.documents.filesystem import BundledStore, FileDocumentStore
from vance_ui.documents.store import DocumentStore
from vance_ui.settings import Settings


def open_stores(settings: Settings) -> tuple[DocumentStore, DocumentStore]:
    """(data, bundled): the data store VANCE_DATABASE_URL selects, and the shipped defaults.
    Opening a PostgreSQL store connects and migrates its schema (`StoreUnavailable`,
    `SchemaTooNew` when it cannot)."""
    bundled = BundledStore(settings.defaults_dir)
    if settings.database_url is not None:
        from vance_ui.documents.postgres import PostgresDocumentStore  # psycopg only when asked for

        return PostgresDocumentStore.open(settings.database_url.get_secret_value()), bundled
    return FileDocumentStore(settings.data_dir), bundled
