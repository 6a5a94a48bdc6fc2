"""`vance store copy --from SRC --to DST`: move every document between a data dir and PostgreSQL
(either way, or dir to dir). Lossless: bytes are copied as they are. A document that already exists
at the target with other content is saved over (as the app saves: instances watching the target see
it); documents only the target holds are left alone, and equal ones are not written, so running it
again syncs.

The accounts (multi-user mode with a database) are one document of the database: copied along
between databases; to or from a data dir they go to or come from the users file `--users-file`
names (a data dir has no place for them: file-backed accounts are VANCE_USERS_FILE)."""

from __future__ import annotations

import argparse
import contextlib
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vance_ui.accounts.directory import AccountsError, UserDirectory
from vance_ui.accounts.sources import ACCOUNTS_TENANT, FileUsersSource, StoreUsersSource
from vance_ui.documents.filesystem import FileDocumentStore
from vance_ui.documents.store import DocumentStore, StoreUnavailable


def add_store_parser(commands: Any) -> None:
    store = commands.add_parser("store", help="move documents between a data dir and PostgreSQL",
                                description="Copy every document (wizards, tenant settings, chats, drafts) "
                                            "between a data dir and a PostgreSQL database.")
    actions = store.add_subparsers(dest="action", metavar="ACTION", required=True)
    copy = actions.add_parser("copy", help="copy every document; same addresses are updated, others kept")
    copy.add_argument("--from", dest="source", required=True, metavar="DIR|URL",
                      help="a data dir, or postgresql://...")
    copy.add_argument("--to", dest="target", required=True, metavar="DIR|URL", help="a data dir, or postgresql://...")
    copy.add_argument("--users-file", type=Path, metavar="FILE",
                      help="between a data dir and a database: the users file the accounts are copied from "
                           "(into the database) or to (out of it)")


@dataclass
class Copied:
    written: int = 0
    unchanged: int = 0
    vanished: int = 0  # listed, then gone before it was read (someone deleted it meanwhile)


def open_store(where: str, closing: contextlib.ExitStack) -> DocumentStore:
    if where.startswith(("postgresql://", "postgres://")):
        from vance_ui.documents.postgres import PostgresDocumentStore

        store = PostgresDocumentStore.open(where)
        closing.callback(store.close)
        return store
    return FileDocumentStore(Path(where))


def copy_documents(source: DocumentStore, target: DocumentStore) -> Copied:
    copied = Copied()
    for ref in list(source.addresses()):
        if ref.tenant == ACCOUNTS_TENANT and isinstance(target, FileDocumentStore):
            continue  # the accounts never land in a data dir (copy_accounts: the users file)
        document = source.get(ref.tenant, ref.project, ref.path)
        if document is None:
            copied.vanished += 1
            continue
        existing = target.get(ref.tenant, ref.project, ref.path)
        if existing is not None and existing.content == document.content:
            copied.unchanged += 1
            continue
        target.put(ref.tenant, ref.project, ref.path, document.content)
        copied.written += 1
    return copied


def copy_accounts(source: DocumentStore, target: DocumentStore, users_file: Path | None) -> str:
    """Carry the accounts across a data dir / database boundary through the users file; says what
    it did (nothing to do between two databases: the accounts are one of the documents)."""
    from_db, to_db = not isinstance(source, FileDocumentStore), not isinstance(target, FileDocumentStore)
    if from_db == to_db:
        if users_file is not None:
            raise AccountsError("--users-file is for copies between a data dir and a database")
        return ""
    if from_db:
        accounts = StoreUsersSource(source).read()
        if accounts is None:
            return ""
        if users_file is None:
            return "; the accounts were not copied (--users-file FILE writes them to a users file)"
        FileUsersSource(users_file).update(lambda _: accounts)
        return f"; accounts written to {users_file}"
    if users_file is None:
        return ""
    content = FileUsersSource(users_file).read()
    if content is None:
        raise AccountsError(f"{users_file}: no such file")
    UserDirectory(users_file).users()  # refuses a broken users file (AccountsError)
    StoreUsersSource(target).update(lambda _: content)
    return f"; accounts copied from {users_file}"


def run_store(args: argparse.Namespace) -> int:
    from vance_ui.documents.pg_schema import SchemaTooNew

    if args.source == args.target:
        print("vance store copy: --from and --to are the same", file=sys.stderr)
        return 1
    if not args.source.startswith(("postgresql://", "postgres://")) and not Path(args.source).is_dir():
        print(f"vance store copy: {args.source} is not a folder", file=sys.stderr)
        return 1
    try:
        with contextlib.ExitStack() as closing:
            source, target = open_store(args.source, closing), open_store(args.target, closing)
            accounts = copy_accounts(source, target, args.users_file)
            copied = copy_documents(source, target)
    except (StoreUnavailable, SchemaTooNew, AccountsError) as error:
        print(f"vance store copy: {error}", file=sys.stderr)
        return 1
    print(f"{copied.written} written, {copied.unchanged} already the same"
          + (f", {copied.vanished} deleted while copying" if copied.vanished else "") + accounts)
    return 0
