"""Document layer: where wizard files (and later other documents) live."""

from vance_ui.documents.store import (
    Document,
    DocumentInfo,
    DocumentStore,
    InvalidDocumentPath,
    ReadOnlyStore,
)

__all__ = ["Document", "DocumentInfo", "DocumentStore", "InvalidDocumentPath", "ReadOnlyStore"]
