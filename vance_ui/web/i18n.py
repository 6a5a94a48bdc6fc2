"""UI texts in English and German. Wizard texts come localized from the service."""

from __future__ import annotations

from typing import Any

LANGUAGES = {"en": "English", "de": "Deutsch"}

_TEXTS: dict[str, dict[str, str]] = {
    "app_name": {"en": "Vance Prompt Wizards", "de": "Vance Prompt Wizards"},
    "no_project": {"en": "Personal (no project)", "de": "Persönlich (kein Projekt)"},
    "project": {"en": "Project", "de": "Projekt"},
    "project_gone": {"en": "The project '{project}' is not available any more; showing your personal wizards.",
                     "de": "Das Projekt '{project}' ist nicht mehr verfügbar; es werden deine persönlichen "
                           "Wizards gezeigt."},
    "language": {"en": "Language", "de": "Sprache"},
    "sessions": {"en": "Chats", "de": "Chats"},
    "new_chat": {"en": "New chat", "de": "Neuer Chat"},
    "untitled": {"en": "New chat", "de": "Neuer Chat"},
    "rename": {"en": "Rename", "de": "Umbenennen"},
    "delete": {"en": "Delete", "de": "Löschen"},
    "rename_title": {"en": "Rename chat", "de": "Chat umbenennen"},
    "delete_title": {"en": "Delete this chat?", "de": "Diesen Chat löschen?"},
    "delete_body": {"en": "'{title}' and its messages will be removed.",
                    "de": "'{title}' und seine Nachrichten werden entfernt."},
    "cancel": {"en": "Cancel", "de": "Abbrechen"},
    "save": {"en": "Save", "de": "Speichern"},
    "title": {"en": "Title", "de": "Titel"},
    "message_placeholder": {"en": "Message… (Enter sends, Shift+Enter for a new line)",
                            "de": "Nachricht… (Enter sendet, Umschalt+Enter für neue Zeile)"},
    "send": {"en": "Send", "de": "Senden"},
    "stop": {"en": "Stop", "de": "Stopp"},
    "you": {"en": "You", "de": "Du"},
    "assistant": {"en": "Assistant", "de": "Assistent"},
    "error": {"en": "Error", "de": "Fehler"},
    "tab_progress": {"en": "Live Progress", "de": "Live-Fortschritt"},
    "tab_wizards": {"en": "Wizards", "de": "Wizards"},
    "search_wizards": {"en": "Search wizards", "de": "Wizards suchen"},
    "no_wizards": {"en": "No wizards match.", "de": "Keine passenden Wizards."},
    "uncategorized": {"en": "Other", "de": "Sonstiges"},
    "state_idle": {"en": "Idle: no run yet", "de": "Bereit: noch kein Lauf"},
    "state_waiting": {"en": "Waiting for the model", "de": "Warte auf das Modell"},
    "state_streaming": {"en": "Streaming", "de": "Streamt"},
    "state_done": {"en": "Done", "de": "Fertig"},
    "state_failed": {"en": "Failed", "de": "Fehlgeschlagen"},
    "state_stopped": {"en": "Stopped", "de": "Gestoppt"},
    "model": {"en": "Model", "de": "Modell"},
    "elapsed": {"en": "Elapsed", "de": "Dauer"},
    "tokens": {"en": "Tokens (prompt / completion)", "de": "Tokens (Prompt / Antwort)"},
    "echo_label": {"en": "Echo engine: no model configured", "de": "Echo-Engine: kein Modell konfiguriert"},
    "echo_hint": {"en": "Set VANCE_MODEL to talk to a real model.",
                  "de": "VANCE_MODEL setzen, um mit einem echten Modell zu sprechen."},
    "preview": {"en": "Live preview", "de": "Live-Vorschau"},
    "preview_hint": {"en": "The prompt as it will land in the chat input.",
                     "de": "Der Prompt, wie er im Chat-Eingabefeld landet."},
    "preview_failed": {"en": "Preview not available: {error}", "de": "Vorschau nicht möglich: {error}"},
    "author_warnings": {"en": "For the wizard's author (it works, but this looks like a mistake):",
                        "de": "Für die Autorin oder den Autor des Wizards (er funktioniert, aber das sieht nach "
                              "einem Fehler aus):"},
    "use_prompt": {"en": "Use prompt", "de": "Prompt übernehmen"},
    "check": {"en": "Check", "de": "Prüfen"},
    "checking": {"en": "Checking…", "de": "Prüfe…"},
    "check_ok": {"en": "The check found nothing to improve.", "de": "Die Prüfung hat nichts zu verbessern gefunden."},
    "check_unavailable": {"en": "Check is not available: {error}", "de": "Prüfung nicht verfügbar: {error}"},
    "hints": {"en": "Suggestions", "de": "Vorschläge"},
    "reset": {"en": "Reset form", "de": "Formular zurücksetzen"},
    "close": {"en": "Close", "de": "Schließen"},
    "session_broken": {"en": "Damaged chat", "de": "Beschädigter Chat"},
    "session_broken_title": {"en": "This chat cannot be opened", "de": "Dieser Chat kann nicht geöffnet werden"},
    "session_broken_body": {
        "en": "The file {file} is damaged: {error}. Your other chats are not affected. "
              "Repair or remove the file to make this entry go away.",
        "de": "Die Datei {file} ist beschädigt: {error}. Deine anderen Chats sind nicht betroffen. "
              "Repariere oder entferne die Datei, damit dieser Eintrag verschwindet.",
    },
    "add_item": {"en": "Add entry", "de": "Eintrag hinzufügen"},
    "remove_item": {"en": "Remove entry", "de": "Eintrag entfernen"},
    "item_n": {"en": "Entry {n}", "de": "Eintrag {n}"},
    "item_bounds": {"en": "{min} to {max} entries", "de": "{min} bis {max} Einträge"},
    "between": {"en": "Between {min} and {max}", "de": "Zwischen {min} und {max}"},
    "at_least": {"en": "At least {min}", "de": "Mindestens {min}"},
    "at_most": {"en": "At most {max}", "de": "Höchstens {max}"},
    "form_invalid": {"en": "{n} fields need attention.", "de": "{n} Felder bitte prüfen."},
    "form_invalid_one": {"en": "1 field needs attention.", "de": "1 Feld bitte prüfen."},
    "back": {"en": "Back", "de": "Zurück"},
    "next": {"en": "Next", "de": "Weiter"},
    "steps": {"en": "Steps", "de": "Schritte"},
    "pick_date": {"en": "Pick a date", "de": "Datum wählen"},
    "check_needs_model": {"en": "Check needs a model (VANCE_FAST_MODEL or VANCE_MODEL)",
                          "de": "Prüfen braucht ein Modell (VANCE_FAST_MODEL oder VANCE_MODEL)"},
    "prompt_ready": {"en": "Prompt placed in the chat input: edit it and press Enter to send.",
                     "de": "Prompt steht im Eingabefeld: bearbeiten und mit Enter senden."},
    "render_failed": {"en": "The prompt could not be rendered: {error}",
                      "de": "Der Prompt konnte nicht erzeugt werden: {error}"},
    "wizard_not_found": {"en": "There is no wizard named '{name}' here.",
                         "de": "Hier gibt es keinen Wizard namens '{name}'."},
    "bad_link": {"en": "This link does not open a wizard.", "de": "Dieser Link öffnet keinen Wizard."},
    "quick_start": {"en": "Start with a wizard", "de": "Mit einem Wizard starten"},
    "quick_start_hint": {"en": "Pick a guided form, or just type a message below.",
                         "de": "Wähle ein geführtes Formular oder schreib einfach unten los."},
    "draft_restored": {"en": "Draft restored", "de": "Entwurf wiederhergestellt"},
    "required": {"en": "required", "de": "Pflichtfeld"},
    "choose": {"en": "Choose…", "de": "Auswählen…"},
    "toggle_sessions": {"en": "Show or hide chats", "de": "Chats ein- oder ausblenden"},
    "login_title": {"en": "Log in", "de": "Anmelden"},
    "login_user": {"en": "User id", "de": "Benutzerkennung"},
    "login_password": {"en": "Password", "de": "Passwort"},
    "login_submit": {"en": "Log in", "de": "Anmelden"},
    "login_failed": {"en": "User id or password is wrong.", "de": "Benutzerkennung oder Passwort ist falsch."},
    "login_throttled": {"en": "Too many attempts. Try again in {minutes} minute(s).",
                        "de": "Zu viele Versuche. Bitte in {minutes} Minute(n) erneut versuchen."},
    "logout": {"en": "Log out", "de": "Abmelden"},
    "tenant": {"en": "Workspace", "de": "Arbeitsbereich"},
    "slash_label": {"en": "Wizards", "de": "Wizards"},
    "slash_keys": {"en": "↑↓ choose · Enter or Tab opens · Esc closes · //text sends /text",
                   "de": "↑↓ auswählen · Enter oder Tab öffnet · Esc schließt · //Text sendet /Text"},
    "slash_unknown": {"en": "Not sent: there is no wizard '/{name}' here. Type / to pick one, or start with // to "
                            "send a text that begins with /.",
                      "de": "Nicht gesendet: Hier gibt es keinen Wizard '/{name}'. Tippe /, um einen zu wählen, oder "
                            "beginne mit //, um einen Text zu senden, der mit / anfängt."},
    "slash_extra": {"en": "Not sent: '/{name}' opens its wizard only on its own, without more text. Start with // to "
                          "send a text that begins with /.",
                    "de": "Nicht gesendet: '/{name}' öffnet seinen Wizard nur allein, ohne weiteren Text. Beginne mit "
                          "//, um einen Text zu senden, der mit / anfängt."},
    "slash_empty": {"en": "Not sent: type a wizard's name after /, or start with // to send a text that begins with /.",
                    "de": "Nicht gesendet: Tippe nach / den Namen eines Wizards, oder beginne mit //, um einen Text "
                          "zu senden, der mit / anfängt."},
    "toggle_panel": {"en": "Show or hide the side panel", "de": "Seitenleiste ein- oder ausblenden"},
    # accessible names (aria-label) of controls that show only an icon, and of the page's regions
    "chat_actions": {"en": "Actions for chat '{title}'", "de": "Aktionen für Chat '{title}'"},
    "side_panel": {"en": "Side panel", "de": "Seitenleiste"},
    "message": {"en": "Message", "de": "Nachricht"},
    "show_password": {"en": "Show or hide the password", "de": "Passwort ein- oder ausblenden"},
    "remove_item_n": {"en": "Remove entry {n}", "de": "Eintrag {n} entfernen"},
    "field_in_entry": {"en": "{label}, entry {n}", "de": "{label}, Eintrag {n}"},
}

_ERROR_TEXTS: dict[str, dict[str, str]] = {
    "required": {"en": "This field is required.", "de": "Dieses Feld ist erforderlich."},
    "min_items": {"en": "Add at least {min} entries.", "de": "Mindestens {min} Einträge anlegen."},
    "max_items": {"en": "Use at most {max} entries.", "de": "Höchstens {max} Einträge."},
    "integer_min": {"en": "Must be at least {min}.", "de": "Muss mindestens {min} sein."},
    "integer_max": {"en": "Must be at most {max}.", "de": "Darf höchstens {max} sein."},
    "date_min": {"en": "Must be on or after {min}.", "de": "Muss am oder nach dem {min} liegen."},
    "date_max": {"en": "Must be on or before {max}.", "de": "Muss am oder vor dem {max} liegen."},
}


def pick_language(lang: str | None) -> str:
    code = (lang or "en").lower().replace("_", "-").split("-")[0]
    return code if code in LANGUAGES else "en"


class Texts:
    """`t("key", name=...)` for one client's language."""

    def __init__(self, lang: str) -> None:
        self.lang = pick_language(lang)

    def __call__(self, key: str, **params: Any) -> str:
        entry = _TEXTS.get(key)
        if entry is None:
            return key
        text = entry.get(self.lang) or entry["en"]
        return text.format(**params) if params else text

    def error(self, code: str, fallback: str, **params: Any) -> str:
        """A validator message in the UI language; the core's English text when no translation fits."""
        entry = _ERROR_TEXTS.get(code)
        if entry is None or self.lang == "en":
            return fallback
        try:
            return entry[self.lang].format(**params)
        except (KeyError, IndexError):
            return fallback
