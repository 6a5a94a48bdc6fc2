"""Document layer: where wizard files (and later other documents) live."""

from vance_ui.documents.store import (
    Document,
    DocumentInfo,
    DocumentRef,
    DocumentStore,
    InvalidDocumentPath,
    ReadOnlyStore,
    StoreUnavailable,
    VersionMismatch,
)

__all__ = ["Document", "DocumentInfo", "DocumentRef", "DocumentStore", "InvalidDocumentPath", "ReadOnlyStore",
           "StoreUnavailable", "VersionMismatch"]
