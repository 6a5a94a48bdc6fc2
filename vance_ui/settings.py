"""Configuration from `VANCE_*` environment variables (and an optional `.env` file)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any

from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from vance_ui.host_names import host_pattern

PACKAGE_ROOT = Path(__file__).resolve().parent
BUNDLED_DEFAULTS_DIR = PACKAGE_ROOT.parent / "vance-defaults"


class Settings(BaseSettings):
    """Everything `make run` needs has a default: no database, no API key."""

    model_config = SettingsConfigDict(env_prefix="VANCE_", env_file=".env", extra="ignore")

    host: str = "127.0.0.1"
    port: int = Field(default=8080, ge=1, le=65535)
    data_dir: Path = Path("./data")
    # postgresql://... : every document (wizards, tenant settings, chats, drafts) in PostgreSQL,
    # shared by several instances; unset: files under data_dir (the embedded default)
    database_url: SecretStr | None = None
    defaults_dir: Path = BUNDLED_DEFAULTS_DIR
    tenant: str = "default"
    user: str = "local"
    language: str = "en"
    model: str | None = None
    fast_model: str | None = None
    llm_api_base: str | None = None
    llm_api_key: SecretStr | None = None
    llm_timeout_seconds: float = Field(default=60.0, gt=0)
    # "Fill from chat": how many characters of the conversation's end (and the draft) the model reads
    fill_context_chars: int = Field(default=8000, ge=200, le=200_000)
    storage_secret: SecretStr | None = None
    max_body_bytes: int = Field(default=1_048_576, ge=1024)
    watch: bool = True
    # templates render in worker processes that are killed past their deadline (wizards/templates/pool.py)
    render_workers: int = Field(default=2, ge=1, le=64)
    render_memory_mb: int = Field(default=64, ge=16, le=4096)  # what a worker may grow by while rendering
    log_level: str = "INFO"
    # counts of how wizards are used (never a value or a text); 0 turns recording off
    usage_stats: bool = True
    users_file: Path | None = None
    # multi-user mode without a users file: the accounts live in the database (VANCE_DATABASE_URL);
    # with a database, VANCE_USERS_FILE only seeds an empty database once
    multi_user_switch: bool = Field(default=False, validation_alias=AliasChoices("multi_user_switch",
                                                                                 "vance_multi_user"))
    allow_unauthenticated: bool = False
    # set when the app is served over HTTPS (directly or behind a proxy): the cookie gets `Secure`
    cookie_secure: bool = False
    # host names the app answers besides the loopback names and VANCE_HOST (DNS rebinding protection);
    # comma-separated, `*.example.com` for subdomains, `*` for any
    allowed_hosts: Annotated[list[str], NoDecode] = Field(default_factory=list)

    @field_validator("allowed_hosts", mode="before")
    @classmethod
    def _split_hosts(cls, value: Any) -> Any:
        return [part for part in value.split(",") if part.strip()] if isinstance(value, str) else value

    @field_validator("allowed_hosts")
    @classmethod
    def _check_hosts(cls, value: list[str]) -> list[str]:
        return [host_pattern(host) for host in value]

    @property
    def cache_dir(self) -> Path:
        """This instance's private derived data (the wizard load cache): never a tenant folder."""
        return self.data_dir / ".cache"

    @property
    def multi_user(self) -> bool:
        """Accounts are on when VANCE_USERS_FILE names a users file, or with VANCE_MULTI_USER=1."""
        return self.users_file is not None or self.multi_user_switch

    @property
    def validator_model(self) -> str | None:
        """The fast model for the LLM "Check"; falls back to the chat model."""
        return self.fast_model or self.model


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
