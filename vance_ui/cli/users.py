"""`vance users ...`: manage the accounts of multi-user mode: in the database when
VANCE_DATABASE_URL is set (every instance sees a change within a second), else the users file
(VANCE_USERS_FILE). `--file` always edits a users file."""

from __future__ import annotations

import argparse
import contextlib
import getpass
import json
import sys
from pathlib import Path
from typing import Any

from vance_ui.accounts.directory import AccountsError, UserDirectory
from vance_ui.accounts.sources import AccountsConflict, users_source
from vance_ui.cli.store_copy import open_store
from vance_ui.documents.store import StoreUnavailable
from vance_ui.settings import Settings

MIN_PASSWORD_CHARS = 8


def add_users_parser(commands: Any) -> None:
    users = commands.add_parser("users", help="manage accounts for multi-user hosting",
                                description="Manage the accounts: in the database with VANCE_DATABASE_URL (and "
                                            "VANCE_MULTI_USER=1 or VANCE_USERS_FILE), else the users file "
                                            "named by VANCE_USERS_FILE (or --file).")
    users.add_argument("--file", type=Path, help="edit this users file (default: the configured accounts)")
    actions = users.add_subparsers(dest="action", metavar="ACTION", required=True)
    add = actions.add_parser("add", help="add a user; asks the password twice")
    add.add_argument("id")
    add.add_argument("--tenant", action="append", required=True, help="tenant membership (repeatable)")
    add.add_argument("--name", default="", help="display name")
    add.add_argument("--admin", action="append", default=[], metavar="TENANT",
                     help="tenant admin: may write that tenant's _vance and project wizards (repeatable)")
    add.add_argument("--password-stdin", action="store_true", help="read the password from stdin (scripts)")
    token = actions.add_parser("token", help="print a new API token once; only its hash is stored")
    token.add_argument("id")
    token.add_argument("--label", help="what the token is for, e.g. 'laptop'")
    password = actions.add_parser("password", help="set a new password; asks it twice")
    password.add_argument("id")
    password.add_argument("--password-stdin", action="store_true")
    admin = actions.add_parser("admin", help="grant (or --remove) the tenant admin role",
                               description="A tenant admin may write the tenant's _vance and project wizard "
                                           "layers (everyone writes their own user layer).")
    admin.add_argument("id")
    admin.add_argument("tenant")
    admin.add_argument("--remove", action="store_true", help="revoke the role instead")
    revoke = actions.add_parser("revoke", help="remove a user's tokens (--label, or all); they stop working at once")
    revoke.add_argument("id")
    revoke.add_argument("--label", help="only the tokens with this label")
    remove = actions.add_parser("remove", help="remove a user (their tokens stop working at once)")
    remove.add_argument("id")
    listing = actions.add_parser("list", help="list users, tenants and token counts")
    listing.add_argument("--json", action="store_true")


def _ask_password(from_stdin: bool) -> str:
    if from_stdin:
        password = sys.stdin.readline().rstrip("\n")
    else:
        password = getpass.getpass("Password: ")
        if getpass.getpass("Repeat password: ") != password:
            raise AccountsError("the passwords do not match")
    if len(password) < MIN_PASSWORD_CHARS:
        raise AccountsError(f"the password needs at least {MIN_PASSWORD_CHARS} characters")
    return password


def _open_directory(args: argparse.Namespace, closing: contextlib.ExitStack) -> UserDirectory | None:
    """The accounts the app uses with the same settings (the database's, or the users file)."""
    if args.file is not None:
        return UserDirectory(args.file)
    settings = Settings()
    if settings.database_url is not None and settings.multi_user:
        from vance_ui.documents.pg_schema import SchemaTooNew

        try:
            source = users_source(settings, open_store(settings.database_url.get_secret_value(), closing))
        except SchemaTooNew as error:
            raise AccountsError(str(error)) from None
        return UserDirectory(source) if source is not None else None
    if settings.users_file is None:
        return None
    return UserDirectory(settings.users_file)


def run_users(args: argparse.Namespace) -> int:
    with contextlib.ExitStack() as closing:
        try:
            directory = _open_directory(args, closing)
            if directory is None:
                print("vance: no accounts configured: set VANCE_USERS_FILE (a users file), or VANCE_DATABASE_URL "
                      "with VANCE_MULTI_USER=1 (accounts in the database), or pass --file", file=sys.stderr)
                return 1
            return _run(args, directory)
        except (AccountsError, AccountsConflict, StoreUnavailable) as error:
            print(f"vance: {error}", file=sys.stderr)
            return 1


def _run(args: argparse.Namespace, directory: UserDirectory) -> int:
    if args.action == "add":
        directory.add_user(args.id, _ask_password(args.password_stdin), args.tenant, args.name, args.admin)
        admin = f"; admin of {', '.join(args.admin)}" if args.admin else ""
        print(f"added {args.id} ({', '.join(args.tenant)}{admin})")
    elif args.action == "admin":
        directory.set_admin(args.id, args.tenant, not args.remove)
        print(f"{args.id} is {'no longer' if args.remove else 'now'} an admin of {args.tenant}")
    elif args.action == "password":
        directory.set_password(args.id, _ask_password(args.password_stdin))
        print(f"password of {args.id} changed")
    elif args.action == "token":
        print(directory.add_token(args.id, args.label))
        print("store this token now: it is not shown again", file=sys.stderr)
    elif args.action == "revoke":
        count = directory.revoke_tokens(args.id, args.label)
        print(f"revoked {count} token{'s' if count != 1 else ''} of {args.id}")
    elif args.action == "remove":
        directory.remove_user(args.id)
        print(f"removed {args.id}")
    else:
        users = directory.users()
        if args.json:
            print(json.dumps([{"id": u.id, "name": u.name, "tenants": u.tenants, "adminOf": u.admin_of,
                               "tokens": len(u.tokens)} for u in users], indent=2))
        else:
            for u in users:
                admin = f"  admin: {','.join(u.admin_of)}" if u.admin_of else ""
                print(f"{u.id:<20} {','.join(u.tenants):<30} tokens: {len(u.tokens)}{admin}  {u.name}")
    return 0
