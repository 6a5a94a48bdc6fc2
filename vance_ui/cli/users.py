"""`vance users ...`: manage the users file of multi-user mode (VANCE_USERS_FILE)."""

from __future__ import annotations

import argparse
import getpass
import json
import sys
from pathlib import Path
from typing import Any

from vance_ui.accounts.directory import AccountsError, UserDirectory
from vance_ui.settings import Settings

MIN_PASSWORD_CHARS = 8


def add_users_parser(commands: Any) -> None:
    users = commands.add_parser("users", help="manage accounts for multi-user hosting",
                                description="Manage the users file named by VANCE_USERS_FILE (or --file).")
    users.add_argument("--file", type=Path, help="users file (default: VANCE_USERS_FILE)")
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


def run_users(args: argparse.Namespace) -> int:
    path = args.file or Settings().users_file
    if path is None:
        print("vance: no users file: set VANCE_USERS_FILE or pass --file", file=sys.stderr)
        return 1
    directory = UserDirectory(path)
    try:
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
    except AccountsError as error:
        print(f"vance: {error}", file=sys.stderr)
        return 1
    return 0
