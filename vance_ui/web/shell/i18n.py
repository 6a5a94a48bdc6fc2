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
    # an instance that is not ready (shell/readiness.py)
    "not_ready_title": {"en": "Temporarily unavailable", "de": "Vorübergehend nicht verfügbar"},
    "not_ready_text": {"en": "This server is not ready right now. Nothing you saved is lost; this page tries again "
                             "by itself.",
                       "de": "Dieser Server ist gerade nicht bereit. Nichts, was du gespeichert hast, geht verloren; "
                             "diese Seite versucht es von selbst erneut."},
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


# The wizard editor and its entries in the Wizards tab.
_EDITOR_TEXTS: dict[str, dict[str, str]] = {
    "editor_page_title": {"en": "Edit wizard {name}", "de": "Wizard {name} bearbeiten"},
    "editor_heading": {"en": "Wizard editor: {name}", "de": "Wizard-Editor: {name}"},
    "editor_unnamed": {"en": "new wizard", "de": "neuer Wizard"},
    "editor_new_title": {"en": "My new wizard", "de": "Mein neuer Wizard"},
    "editor_back": {"en": "Back to the chat", "de": "Zurück zum Chat"},
    "editor_document": {"en": "Wizard file", "de": "Wizard-Datei"},
    "editor_form_view": {"en": "Form", "de": "Formular"},
    "editor_yaml_view": {"en": "YAML", "de": "YAML"},
    "editor_yaml": {"en": "Wizard file as YAML", "de": "Wizard-Datei als YAML"},
    "editor_suggest": {"en": "Keys allowed here (Ctrl+Shift+Space)",
                       "de": "Hier erlaubte Schlüssel (Strg+Umschalt+Leertaste)"},
    "editor_no_suggestions": {"en": "No more keys here.", "de": "Hier keine weiteren Schlüssel."},
    "editor_layer": {"en": "Saved in: {layer}", "de": "Gespeichert in: {layer}"},
    "editor_target_layer": {"en": "Save in", "de": "Speichern in"},
    "editor_name": {"en": "File name", "de": "Dateiname"},
    "editor_name_rule": {"en": "Lowercase letters, digits, - and _ (e.g. team-intro)",
                         "de": "Kleinbuchstaben, Ziffern, - und _ (z. B. team-intro)"},
    "editor_history": {"en": "History", "de": "Versionen"},
    "editor_export": {"en": "Export (download YAML)", "de": "Exportieren (YAML herunterladen)"},
    "editor_import": {"en": "Import YAML", "de": "YAML importieren"},
    "editor_delete": {"en": "Delete wizard", "de": "Wizard löschen"},
    "editor_problems": {"en": "{count} problem(s): Save is not possible until the wizard loads.",
                        "de": "{count} Problem(e): Speichern ist erst möglich, wenn der Wizard lädt."},
    "editor_loads": {"en": "The wizard loads.", "de": "Der Wizard lädt."},
    "editor_save_refused": {"en": "Not saved: the wizard does not load.",
                            "de": "Nicht gespeichert: Der Wizard lädt nicht."},
    "editor_forbidden": {"en": "You may not change this layer.", "de": "Diese Ebene darfst du nicht ändern."},
    "editor_saved": {"en": "Saved '{name}'.", "de": "'{name}' gespeichert."},
    "editor_deleted": {"en": "Deleted '{name}'.", "de": "'{name}' gelöscht."},
    "undo": {"en": "Undo", "de": "Rückgängig"},
    "undo_delete": {"en": "Undo: restore '{name}'", "de": "Rückgängig: '{name}' wiederherstellen"},
    "wizard_restored": {"en": "Restored '{name}'.", "de": "'{name}' wiederhergestellt."},
    "undo_failed": {"en": "'{name}' was not restored: {error}",
                    "de": "'{name}' wurde nicht wiederhergestellt: {error}"},
    "undo_exists": {"en": "a wizard of that name is there again", "de": "ein Wizard dieses Namens ist wieder da"},
    "undo_nothing": {"en": "its history keeps no version", "de": "sein Verlauf enthält keine Version"},
    "editor_delete_title": {"en": "Delete wizard '{name}'?", "de": "Wizard '{name}' löschen?"},
    "editor_delete_body": {"en": "The file in the layer '{layer}' is removed. Its history keeps the text.",
                           "de": "Die Datei in der Ebene '{layer}' wird entfernt. Der Verlauf behält den Text."},
    "editor_customized_before": {"en": "You customized this wizard before: editing your copy.",
                                 "de": "Du hast diesen Wizard schon angepasst: Deine Kopie wird bearbeitet."},
    "editor_not_writable": {"en": "You may not change that layer: starting a new wizard.",
                            "de": "Diese Ebene darfst du nicht ändern: Ein neuer Wizard wird begonnen."},
    "editor_not_found": {"en": "That wizard was not found: starting a new one.",
                         "de": "Der Wizard wurde nicht gefunden: Ein neuer wird begonnen."},
    "editor_form_unavailable": {"en": "The text is no YAML mapping yet: fix it in the YAML view (problems are "
                                      "shown at their lines).",
                                "de": "Der Text ist noch keine YAML-Zuordnung: Korrigiere ihn in der YAML-Ansicht "
                                      "(Probleme stehen bei ihren Zeilen)."},
    "editor_preview": {"en": "Preview", "de": "Vorschau"},
    "editor_prompt": {"en": "The prompt, rendered with these values", "de": "Der Prompt, mit diesen Werten gerendert"},
    "editor_preview_hint": {"en": "The form as users see it: type test values to see the prompt change.",
                            "de": "Das Formular, wie Nutzer es sehen: Testwerte eingeben ändert den Prompt."},
    "editor_preview_broken": {"en": "The wizard does not load yet: see the problems.",
                              "de": "Der Wizard lädt noch nicht: siehe die Probleme."},
    "editor_general": {"en": "General", "de": "Allgemein"},
    "editor_text_language": {"en": "Language of the texts", "de": "Sprache der Texte"},
    "editor_no_icon": {"en": "(no icon)", "de": "(kein Icon)"},
    "editor_fields": {"en": "Fields", "de": "Felder"},
    "editor_pages": {"en": "Pages", "de": "Seiten"},
    "editor_pages_hint": {"en": "With pages the form asks step by step; each field is on one page.",
                          "de": "Mit Seiten fragt das Formular Schritt für Schritt; jedes Feld steht auf einer Seite."},
    "editor_follow_ups": {"en": "Suggested follow-ups", "de": "Vorgeschlagene Folge-Wizards"},
    "editor_rules": {"en": "Rules across fields", "de": "Regeln über mehrere Felder"},
    "editor_rules_hint": {"en": "While a rule's condition is true, the form cannot be sent; its message shows at its "
                                "field. Example: endDate < startDate",
                          "de": "Solange die Bedingung einer Regel zutrifft, lässt sich das Formular nicht senden; "
                                "ihre Meldung steht bei ihrem Feld. Beispiel: endDate < startDate"},
    "editor_variables": {"en": "Variables: {names}", "de": "Variablen: {names}"},
    "wizard_title": {"en": "Title", "de": "Titel"},
    "wizard_description": {"en": "Description", "de": "Beschreibung"},
    "wizard_icon": {"en": "Icon", "de": "Icon"},
    "wizard_category": {"en": "Category", "de": "Kategorie"},
    "wizard_available_in": {"en": "Available in projects", "de": "Verfügbar in Projekten"},
    "wizard_prompt": {"en": "Prompt template", "de": "Prompt-Vorlage"},
    "wizard_validator": {"en": "Validator prompt (Check)", "de": "Prüf-Prompt (Prüfen)"},
    "field_name": {"en": "Name", "de": "Name"},
    "field_type": {"en": "Type", "de": "Typ"},
    "new_field_type": {"en": "Type of the new field", "de": "Typ des neuen Felds"},
    "field_label": {"en": "Label", "de": "Beschriftung"},
    "field_help": {"en": "Help text", "de": "Hilfetext"},
    "field_required": {"en": "Required", "de": "Pflichtfeld"},
    "field_show_if": {"en": "Show if (condition)", "de": "Anzeigen wenn (Bedingung)"},
    "field_page": {"en": "Page", "de": "Seite"},
    "field_rows": {"en": "Rows", "de": "Zeilen"},
    "field_min": {"en": "Minimum", "de": "Minimum"},
    "field_max": {"en": "Maximum", "de": "Maximum"},
    "field_min_items": {"en": "Min. entries", "de": "Min. Einträge"},
    "field_max_items": {"en": "Max. entries", "de": "Max. Einträge"},
    "field_min_length": {"en": "Min. characters", "de": "Min. Zeichen"},
    "field_max_length": {"en": "Max. characters", "de": "Max. Zeichen"},
    "field_pattern": {"en": "Pattern (regular expression)", "de": "Muster (regulärer Ausdruck)"},
    "field_pattern_message": {"en": "Message when it does not match", "de": "Meldung, wenn es nicht passt"},
    "field_min_selected": {"en": "Min. chosen", "de": "Min. gewählt"},
    "field_max_selected": {"en": "Max. chosen", "de": "Max. gewählt"},
    "field_default": {"en": "Default", "de": "Vorgabe"},
    "field_no_default": {"en": "(none)", "de": "(keine)"},
    "field_items": {"en": "Fields of each entry", "de": "Felder jedes Eintrags"},
    "field_choices": {"en": "Choices", "de": "Auswahlmöglichkeiten"},
    "yes": {"en": "Yes", "de": "Ja"},
    "no": {"en": "No", "de": "Nein"},
    "choice": {"en": "Choice", "de": "Auswahl"},
    "choice_value": {"en": "Value", "de": "Wert"},
    "choice_label": {"en": "Label", "de": "Beschriftung"},
    "add_choice": {"en": "Add choice", "de": "Auswahl hinzufügen"},
    "remove_choice": {"en": "Remove choice {number}", "de": "Auswahl {number} entfernen"},
    "add_field": {"en": "Add field", "de": "Feld hinzufügen"},
    "remove_field": {"en": "Remove field {name}", "de": "Feld {name} entfernen"},
    "move_up": {"en": "Move {name} up", "de": "{name} nach oben"},
    "move_down": {"en": "Move {name} down", "de": "{name} nach unten"},
    "page": {"en": "Page", "de": "Seite"},
    "page_title": {"en": "Page title", "de": "Seitentitel"},
    "add_page": {"en": "Add page", "de": "Seite hinzufügen"},
    "remove_page": {"en": "Remove page {number}", "de": "Seite {number} entfernen"},
    "follow_up_wizard": {"en": "Wizard", "de": "Wizard"},
    "follow_up_label": {"en": "Label", "de": "Beschriftung"},
    "follow_up_condition": {"en": "Condition", "de": "Bedingung"},
    "add_follow_up": {"en": "Add follow-up", "de": "Folge-Wizard hinzufügen"},
    "remove_follow_up": {"en": "Remove follow-up {number}", "de": "Folge-Wizard {number} entfernen"},
    "rule_condition": {"en": "Refuse while (condition)", "de": "Ablehnen, solange (Bedingung)"},
    "rule_field": {"en": "Message at field", "de": "Meldung bei Feld"},
    "rule_message": {"en": "Message", "de": "Meldung"},
    "rule_new_message": {"en": "Please check this value.", "de": "Bitte prüfe diesen Wert."},
    "add_rule": {"en": "Add rule", "de": "Regel hinzufügen"},
    "remove_rule": {"en": "Remove rule {number}", "de": "Regel {number} entfernen"},
    "conflict_title": {"en": "Someone else saved this wizard", "de": "Jemand anderes hat diesen Wizard gespeichert"},
    "conflict_body": {"en": "The wizard was changed since you opened it. Your text is still here, nothing is lost.\n"
                            "Overwrite replaces their version with yours (theirs stays in the history).",
                      "de": "Der Wizard wurde geändert, seit du ihn geöffnet hast. Dein Text ist noch da, nichts "
                            "geht verloren.\nÜberschreiben ersetzt ihre Version durch deine (ihre bleibt im Verlauf)."},
    "conflict_keep": {"en": "Keep editing", "de": "Weiter bearbeiten"},
    "conflict_theirs": {"en": "Load their version", "de": "Ihre Version laden"},
    "conflict_overwrite": {"en": "Overwrite with mine", "de": "Mit meiner überschreiben"},
    "discard_title": {"en": "Discard your unsaved changes?", "de": "Ungespeicherte Änderungen verwerfen?"},
    "discard_body": {"en": "The editor then shows the restored version.",
                     "de": "Der Editor zeigt dann die wiederhergestellte Version."},
    "discard_ok": {"en": "Discard", "de": "Verwerfen"},
    "leave_title": {"en": "Leave without saving?", "de": "Ohne Speichern verlassen?"},
    "leave_body": {"en": "Your changes to this wizard are not saved.",
                   "de": "Deine Änderungen an diesem Wizard sind nicht gespeichert."},
    "leave_ok": {"en": "Leave", "de": "Verlassen"},
    "import_title": {"en": "Import a wizard file", "de": "Wizard-Datei importieren"},
    "import_hint": {"en": "The file is checked and shown in the editor; it is saved only when you press Save.",
                    "de": "Die Datei wird geprüft und im Editor gezeigt; gespeichert wird erst mit Speichern."},
    "import_choose": {"en": "Choose a YAML file", "de": "YAML-Datei wählen"},
    "import_not_text": {"en": "That file is not UTF-8 text.", "de": "Diese Datei ist kein UTF-8-Text."},
    "import_too_big": {"en": "That file is too large (at most 512 KB).",
                       "de": "Diese Datei ist zu groß (höchstens 512 KB)."},
    "history_title": {"en": "Versions of {name}", "de": "Versionen von {name}"},
    "history_versions": {"en": "Versions, newest first", "de": "Versionen, neueste zuerst"},
    "history_empty": {"en": "No versions yet.", "de": "Noch keine Versionen."},
    "history_restore": {"en": "Restore this version", "de": "Diese Version wiederherstellen"},
    "history_current": {"en": "text in the editor", "de": "Text im Editor"},
    "history_same": {"en": "Same as the text in the editor.", "de": "Gleich wie der Text im Editor."},
    "history_deleted_entry": {"en": "The wizard was deleted here: restore the version before.",
                              "de": "Hier wurde der Wizard gelöscht: Stelle die Version davor wieder her."},
    "history_gone": {"en": "That version is no longer kept.", "de": "Diese Version ist nicht mehr vorhanden."},
    "history_unknown_author": {"en": "before the editor", "de": "vor dem Editor"},
    "history_original": {"en": "as found", "de": "vorgefunden"},
    "history_save": {"en": "saved", "de": "gespeichert"},
    "history_delete": {"en": "deleted", "de": "gelöscht"},
    "history_restore_failed": {"en": "Could not restore: {error}", "de": "Wiederherstellen nicht möglich: {error}"},
    "history_restored": {"en": "Version restored.", "de": "Version wiederhergestellt."},
    "layer_PROJECT": {"en": "Project", "de": "Projekt"},
    "layer_USER": {"en": "Mine (USER)", "de": "Meine (USER)"},
    "layer_VANCE": {"en": "Tenant (VANCE)", "de": "Mandant (VANCE)"},
    "layer_RESOURCE": {"en": "Bundled (RESOURCE)", "de": "Mitgeliefert (RESOURCE)"},
    "new_wizard": {"en": "New wizard", "de": "Neuer Wizard"},
    "import_wizard": {"en": "Import", "de": "Importieren"},
    "wizard_actions": {"en": "Actions for {title}", "de": "Aktionen für {title}"},
    "wizard_edit": {"en": "Edit", "de": "Bearbeiten"},
    "wizard_customize": {"en": "Customize (my copy)", "de": "Anpassen (meine Kopie)"},
    "wizard_duplicate": {"en": "Duplicate", "de": "Duplizieren"},
    "wizard_export": {"en": "Export", "de": "Exportieren"},
    "wizard_source": {"en": "Source: {layer}", "de": "Quelle: {layer}"},
}
_TEXTS.update(_EDITOR_TEXTS)


# Filling a wizard: where the focus goes, what a screen reader is told, Reset's Undo.
_FORM_FLOW_TEXTS: dict[str, dict[str, str]] = {
    "step_of": {"en": "Step {n} of {count}: {title}", "de": "Schritt {n} von {count}: {title}"},
    "fields_shown": {"en": "{n} more fields", "de": "{n} weitere Felder"},
    "fields_shown_one": {"en": "1 more field", "de": "1 weiteres Feld"},
    "fields_hidden": {"en": "{n} fields hidden", "de": "{n} Felder ausgeblendet"},
    "fields_hidden_one": {"en": "1 field hidden", "de": "1 Feld ausgeblendet"},
    "form_was_reset": {"en": "The form was reset.", "de": "Das Formular wurde zurückgesetzt."},
}
_TEXTS.update(_FORM_FLOW_TEXTS)


# The editor's problems in plain words (`web/editor/problem_words.py`), its problem list and its
# keyboard and rename helpers.
_AUTHORING_TEXTS: dict[str, dict[str, str]] = {
    "problem_at_field": {"en": "Field '{name}'", "de": "Feld '{name}'"},
    "problem_at_field_number": {"en": "Field {number}", "de": "Feld {number}"},
    "problem_at_page": {"en": "Page {number}", "de": "Seite {number}"},
    "problem_at_follow_up": {"en": "Follow-up {number}", "de": "Folge-Wizard {number}"},
    "problem_at_rule": {"en": "Rule {number}", "de": "Regel {number}"},
    "problem_line": {"en": "Line {line} · {text}", "de": "Zeile {line} · {text}"},
    "problem_yaml": {"en": "This line is not valid YAML: check the indentation, the colon after each key, and that "
                           "quotes and brackets are closed.",
                     "de": "Diese Zeile ist kein gültiges YAML: Prüfe die Einrückung, den Doppelpunkt nach jedem "
                           "Schlüssel und ob Anführungszeichen und Klammern geschlossen sind."},
    "problem_unknown_key": {"en": "'{name}' is not a setting here: remove it or check its spelling.",
                            "de": "'{name}' ist hier keine Einstellung: Entferne sie oder prüfe die Schreibweise."},
    "problem_missing": {"en": "{what} is missing: fill it in.", "de": "{what} fehlt: Bitte ausfüllen."},
    "problem_empty": {"en": "{what} is empty: fill it in.", "de": "{what} ist leer: Bitte ausfüllen."},
    "problem_page_no_fields": {"en": "Page {number} has no fields yet: add one or remove the page.",
                               "de": "Seite {number} hat noch keine Felder: Füge eins hinzu oder entferne die "
                                     "Seite."},
    "problem_no_choices": {"en": "This field has no choices yet: add one.",
                           "de": "Dieses Feld hat noch keine Auswahlmöglichkeiten: Füge eine hinzu."},
    "problem_no_items": {"en": "Each entry needs at least one field: add one.",
                         "de": "Jeder Eintrag braucht mindestens ein Feld: Füge eins hinzu."},
    "problem_empty_template": {"en": "The template is empty: write the text the wizard makes.",
                               "de": "Die Vorlage ist leer: Schreibe den Text, den der Wizard erzeugt."},
    "problem_unknown_type": {"en": "'{type}' is not a field type: choose one from the list.",
                             "de": "'{type}' ist kein Feldtyp: Wähle einen aus der Liste."},
    "problem_no_type": {"en": "Every field needs a type: choose one.", "de": "Jedes Feld braucht einen Typ: Wähle "
                                                                           "einen."},
    "problem_unknown_variable": {"en": "The template reads '{name}', which is no field: it would print as nothing.",
                                 "de": "Die Vorlage liest '{name}', das kein Feld ist: Es würde als nichts "
                                       "ausgegeben."},
    "problem_did_you_mean": {"en": "Did you mean '{name}'?", "de": "Meintest du '{name}'?"},
    "problem_template": {"en": "The template cannot be read here: {detail}",
                         "de": "Die Vorlage ist hier nicht lesbar: {detail}"},
    "problem_show_if_unknown": {"en": "The condition reads '{name}', which is no field here.",
                                "de": "Die Bedingung liest '{name}', das hier kein Feld ist."},
    "problem_show_if_cycle": {"en": "These conditions depend on each other in a circle: {cycle}.",
                              "de": "Diese Bedingungen hängen im Kreis voneinander ab: {cycle}."},
    "problem_page_unknown_field": {"en": "The page lists '{name}', which is no field.",
                                   "de": "Die Seite nennt '{name}', das kein Feld ist."},
    "problem_page_twice": {"en": "'{name}' is already on page {page}: a field is on one page only.",
                           "de": "'{name}' ist schon auf Seite {page}: Ein Feld steht nur auf einer Seite."},
    "problem_no_page": {"en": "'{name}' is on no page: choose its page.",
                        "de": "'{name}' ist auf keiner Seite: Wähle seine Seite."},
    "problem_password_in_link": {"en": "It uses the password field '{name}', which must never be part of a link.",
                                 "de": "Sie nutzt das Passwortfeld '{name}', das nie Teil eines Links sein darf."},
    "problem_wizard_name": {"en": "The file name is no wizard name: use lowercase letters, digits, - and _.",
                            "de": "Der Dateiname ist kein Wizard-Name: Nutze Kleinbuchstaben, Ziffern, - und _."},
    "problems_title": {"en": "Problems", "de": "Probleme"},
    "rename_uses": {"en": "Rename '{old}' to '{new}' there too", "de": "'{old}' dort auch in '{new}' umbenennen"},
    "rename_uses_hint": {"en": "'{old}' is still read in {count} place(s) (template, condition or follow-up).",
                         "de": "'{old}' wird noch an {count} Stelle(n) gelesen (Vorlage, Bedingung oder "
                               "Folge-Wizard)."},
    "use_field_there": {"en": "Read '{new}' there instead of '{old}'", "de": "Dort '{new}' statt '{old}' lesen"},
    "editor_jump": {"en": "Go to", "de": "Springen zu"},
    "editor_prompt_empty": {"en": "(The prompt is empty for these values.)",
                            "de": "(Der Prompt ist mit diesen Werten leer.)"},
    "wizard_available_in_hint": {"en": "Empty: in every project. A project id or a pattern like research-*, then "
                                       "Enter; !id leaves a project out.",
                                 "de": "Leer: in jedem Projekt. Eine Projekt-ID oder ein Muster wie research-*, dann "
                                       "Enter; !id lässt ein Projekt aus."},
    "new_field_label": {"en": "Label of the new field", "de": "Beschriftung des neuen Felds"},
    "field_type_string": {"en": "Text (one line)", "de": "Text (eine Zeile)"},
    "field_type_textarea": {"en": "Text (several lines)", "de": "Text (mehrzeilig)"},
    "field_type_password": {"en": "Password (hidden)", "de": "Passwort (verdeckt)"},
    "field_type_integer": {"en": "Whole number", "de": "Ganze Zahl"},
    "field_type_boolean": {"en": "Yes / no", "de": "Ja / Nein"},
    "field_type_date": {"en": "Date", "de": "Datum"},
    "field_type_select": {"en": "One of several choices", "de": "Eine von mehreren Auswahlen"},
    "field_type_multi_select": {"en": "Several choices", "de": "Mehrere Auswahlen"},
    "field_type_repeat": {"en": "List of entries", "de": "Liste von Einträgen"},
    # the wizard's examples in the editor's preview
    "editor_examples": {"en": "Examples", "de": "Beispiele"},
    "example_passes": {"en": "Example {number} '{name}' passes.", "de": "Beispiel {number} '{name}' passt."},
    "example_fails": {"en": "Example {number} '{name}' fails: {failure}",
                      "de": "Beispiel {number} '{name}' passt nicht: {failure}"},
    "save_example": {"en": "Save as example", "de": "Als Beispiel speichern"},
    "example_name": {"en": "Example {number}", "de": "Beispiel {number}"},
    "example_saved": {"en": "These values and their prompt are example {number} now: save the wizard to keep it.",
                      "de": "Diese Werte und ihr Prompt sind jetzt Beispiel {number}: Speichere den Wizard, um es "
                            "zu behalten."},
}
_TEXTS.update(_AUTHORING_TEXTS)


# Usage insights for authors (`web/editor/insights.py`).
_INSIGHTS_TEXTS: dict[str, dict[str, str]] = {
    "insights": {"en": "Insights", "de": "Einblicke"},
    "insights_title": {"en": "Insights: {title}", "de": "Einblicke: {title}"},
    "insights_days": {"en": "Last days", "de": "Letzte Tage"},
    "insights_days_n": {"en": "{n} days", "de": "{n} Tage"},
    "insights_funnel": {"en": "From opening to sending", "de": "Vom Öffnen bis zum Senden"},
    "insights_trend": {"en": "Day by day", "de": "Tag für Tag"},
    "insights_step": {"en": "Step", "de": "Schritt"},
    "insights_count": {"en": "Count", "de": "Anzahl"},
    "insights_share": {"en": "Of opened", "de": "Von geöffnet"},
    "insights_day": {"en": "Day", "de": "Tag"},
    "insights_trend_table": {"en": "Day by day as a table", "de": "Tag für Tag als Tabelle"},
    "insights_facts": {"en": "Opened from: {where}. Median time to use: {median}. Check used {checked} "
                             "times; offered as a follow-up {offered} times, taken {taken} times.",
                       "de": "Geöffnet über: {where}. Mittlere Zeit bis zum Übernehmen: {median}. Prüfen "
                             "{checked}-mal; als Folge-Wizard {offered}-mal angeboten, {taken}-mal genommen."},
    "insights_nowhere": {"en": "nowhere yet", "de": "noch nirgends"},
    "insights_where_tab": {"en": "Wizards tab", "de": "Wizards-Tab"},
    "insights_where_card": {"en": "card", "de": "Karte"},
    "insights_where_slash": {"en": "slash command", "de": "Slash-Befehl"},
    "insights_where_chip": {"en": "suggestion", "de": "Vorschlag"},
    "insights_where_link": {"en": "link", "de": "Link"},
    "insights_where_follow_up": {"en": "follow-up", "de": "Folge-Wizard"},
    "insights_seconds": {"en": "up to {n} s", "de": "bis {n} s"},
    "insights_minutes": {"en": "up to {n} min", "de": "bis {n} min"},
    "insights_unknown": {"en": "not known yet", "de": "noch unbekannt"},
    "insights_forbidden": {"en": "Only the wizard's author or a tenant admin sees its insights.",
                           "de": "Nur der Autor des Wizards oder ein Mandanten-Admin sieht seine Einblicke."},
    "sort_wizards": {"en": "Order", "de": "Reihenfolge"},
    "sort_by_category": {"en": "By category", "de": "Nach Kategorie"},
    "sort_most_used": {"en": "Most used", "de": "Meistgenutzt"},
}
_TEXTS.update(_INSIGHTS_TEXTS)


# Installed on a phone: the web app manifest and the offline page (web/shell/installable.py).
_INSTALL_TEXTS: dict[str, dict[str, str]] = {
    "install_short_name": {"en": "Vance", "de": "Vance"},
    "install_description": {"en": "Chat with a language model and fill in prompt wizards.",
                            "de": "Mit einem Sprachmodell chatten und Prompt-Wizards ausfüllen."},
    "offline_title": {"en": "You are offline", "de": "Du bist offline"},
    "offline_body": {"en": "Vance Prompt Wizards cannot be reached right now. Your chats are kept on the server; "
                           "they are back as soon as the connection is.",
                     "de": "Vance Prompt Wizards ist gerade nicht erreichbar. Deine Chats liegen auf dem Server; "
                           "sie sind wieder da, sobald die Verbindung es ist."},
    "offline_retry": {"en": "Try again", "de": "Erneut versuchen"},
}
_TEXTS.update(_INSTALL_TEXTS)


# Wizard suggestions above the chat input (vance_ui/web/chat/suggest_chips.py).
_SUGGEST_TEXTS: dict[str, dict[str, str]] = {
    "suggest_label": {"en": "Wizards that fit your message", "de": "Wizards, die zu deiner Nachricht passen"},
    "suggest_open": {"en": "Open wizard: {title}", "de": "Wizard öffnen: {title}"},
    "suggest_dismiss": {"en": "Hide suggestion {title}", "de": "Vorschlag {title} ausblenden"},
    "suggest_keys": {"en": "Alt+↑ goes to the suggestions · ←→ move · Enter opens · Esc hides",
                     "de": "Alt+↑ springt zu den Vorschlägen · ←→ wechseln · Enter öffnet · Esc blendet aus"},
    "suggest_found_one": {"en": "A wizard fits your message: {titles}. Alt+Up arrow reaches it.",
                          "de": "Ein Wizard passt zu deiner Nachricht: {titles}. Alt+Pfeil nach oben führt hin."},
    "wizard_keywords": {"en": "Keywords for chat suggestions", "de": "Stichwörter für Vorschläge im Chat"},
    "wizard_keywords_hint": {"en": "Words users type when they need this wizard, then Enter (in the language "
                                   "chosen above)",
                             "de": "Wörter, die Nutzer tippen, wenn sie diesen Wizard brauchen, dann Enter (in der "
                                   "oben gewählten Sprache)"},
    "field_from_message": {"en": "Receives the chat message", "de": "Erhält die Chat-Nachricht"},
    "suggest_found": {"en": "{n} wizards fit your message: {titles}. Alt+Up arrow reaches them.",
                      "de": "{n} Wizards passen zu deiner Nachricht: {titles}. Alt+Pfeil nach oben führt hin."},
}
_TEXTS.update(_SUGGEST_TEXTS)


# A new wizard from a pasted prompt (vance_ui/web/editor/prompt_dialog.py).
_FROM_PROMPT_TEXTS: dict[str, dict[str, str]] = {
    "prompt_new": {"en": "New wizard from a prompt", "de": "Neuer Wizard aus einem Prompt"},
    # the buttons that open it (beside New wizard, whose name they must not contain)
    "prompt_entry": {"en": "From a prompt", "de": "Aus einem Prompt"},
    "prompt_hint": {"en": "Paste a prompt you use. Select a part that changes and press Make a field "
                          "(or Ctrl+Shift+Enter in the text). Nothing else to write: no YAML, no template.",
                    "de": "Füge einen Prompt ein, den du verwendest. Markiere einen Teil, der sich ändert, und "
                          "drücke Feld daraus machen (oder Strg+Umschalt+Enter im Text). Sonst ist nichts zu "
                          "schreiben: kein YAML, keine Vorlage."},
    "prompt_text": {"en": "Your prompt", "de": "Dein Prompt"},
    "prompt_make_field": {"en": "Make a field", "de": "Feld daraus machen"},
    "prompt_one_of": {"en": "One of several values", "de": "Einer von mehreren Werten"},
    "prompt_options": {"en": "The other values, one per line", "de": "Die anderen Werte, einer pro Zeile"},
    "prompt_fields": {"en": "Fields", "de": "Felder"},
    "prompt_no_fields": {"en": "No fields yet: select a part of the prompt.",
                         "de": "Noch keine Felder: markiere einen Teil des Prompts."},
    "prompt_field_text": {"en": "Made of: {text}", "de": "Aus: {text}"},
    "prompt_field_name": {"en": "Name of field {n}", "de": "Name von Feld {n}"},
    "prompt_field_label": {"en": "Label of field {n}", "de": "Beschriftung von Feld {n}"},
    "prompt_field_type": {"en": "Type of field {n}", "de": "Typ von Feld {n}"},
    "prompt_field_remove": {"en": "Remove field {name}", "de": "Feld {name} entfernen"},
    "prompt_field_made": {"en": "Field {name} made ({type}).", "de": "Feld {name} angelegt ({type})."},
    "prompt_preview": {"en": "Preview of the prompt", "de": "Vorschau des Prompts"},
    "prompt_create": {"en": "Create", "de": "Erstellen"},
    "prompt_refused_selection_outside": {"en": "Select a part of the prompt first.",
                                         "de": "Markiere zuerst einen Teil des Prompts."},
    "prompt_refused_selection_empty": {"en": "The selection holds only blanks: select the words that change.",
                                       "de": "Die Markierung enthält nur Leerraum: markiere die Wörter, die sich "
                                             "ändern."},
    "prompt_refused_overlap": {"en": "That part overlaps a field already made: each part can be one field.",
                               "de": "Dieser Teil überschneidet ein schon angelegtes Feld: jeder Teil kann ein "
                                     "Feld sein."},
    "prompt_refused_name": {"en": "A field name takes letters and digits and starts with a letter, e.g. startDate.",
                            "de": "Ein Feldname besteht aus Buchstaben und Ziffern und beginnt mit einem "
                                  "Buchstaben, z. B. startDate."},
    "prompt_refused_duplicate_name": {"en": "Two fields have the same name.",
                                      "de": "Zwei Felder haben denselben Namen."},
    "prompt_refused_type": {"en": "A list needs two or more lines, none of them blank.",
                            "de": "Eine Liste braucht zwei oder mehr Zeilen, keine davon leer."},
    "prompt_refused_options": {"en": "A value is too long, or there are too many values.",
                               "de": "Ein Wert ist zu lang, oder es sind zu viele Werte."},
    "prompt_refused_too_long": {"en": "The prompt is too long for a wizard.",
                                "de": "Der Prompt ist zu lang für einen Wizard."},
    "prompt_refused_too_many": {"en": "A wizard has at most 200 fields.", "de": "Ein Wizard hat höchstens 200 Felder."},
    "prompt_refused_empty_prompt": {"en": "Paste a prompt first.", "de": "Füge zuerst einen Prompt ein."},
    "prompt_suggest": {"en": "Suggest fields", "de": "Felder vorschlagen"},
    "prompt_suggest_no_model": {"en": "Suggestions need a model: none is configured (VANCE_FAST_MODEL or VANCE_MODEL).",
                                "de": "Vorschläge brauchen ein Modell: keines ist eingerichtet (VANCE_FAST_MODEL oder "
                                      "VANCE_MODEL)."},
    "prompt_suggest_failed": {"en": "No suggestions: {reason}", "de": "Keine Vorschläge: {reason}"},
    "prompt_suggested": {"en": "{n} fields suggested.", "de": "{n} Felder vorgeschlagen."},
    "prompt_suggestion": {"en": "{label} ({type}): {text}", "de": "{label} ({type}): {text}"},
    "prompt_accept": {"en": "Accept suggestion {label}", "de": "Vorschlag {label} übernehmen"},
    "prompt_reject": {"en": "Reject suggestion {label}", "de": "Vorschlag {label} verwerfen"},
    "prompt_refused_characters": {"en": "The prompt contains a NUL character, which a wizard cannot hold.",
                                  "de": "Der Prompt enthält ein NUL-Zeichen, das ein Wizard nicht aufnehmen kann."},
}
_TEXTS.update(_FROM_PROMPT_TEXTS)

# "Fill from chat" in the wizard form (vance_ui/web/form/chat_fill.py).
_FILL_TEXTS: dict[str, dict[str, str]] = {
    "fill_from_chat": {"en": "Fill from chat", "de": "Aus dem Chat ausfüllen"},
    "fill_needs_model": {"en": "Fill from chat needs a model (VANCE_FAST_MODEL or VANCE_MODEL)",
                         "de": "Aus dem Chat ausfüllen braucht ein Modell (VANCE_FAST_MODEL oder VANCE_MODEL)"},
    "check_and_fill_need_model": {
        "en": "Check and Fill from chat need a model (VANCE_FAST_MODEL or VANCE_MODEL)",
        "de": "Prüfen und Aus dem Chat ausfüllen brauchen ein Modell (VANCE_FAST_MODEL oder VANCE_MODEL)"},
    "fill_working": {"en": "Reading the chat…", "de": "Der Chat wird gelesen …"},
    "fill_done_one": {"en": "1 field was filled from the chat.", "de": "1 Feld wurde aus dem Chat ausgefüllt."},
    "fill_done": {"en": "{n} fields were filled from the chat.", "de": "{n} Felder wurden aus dem Chat ausgefüllt."},
    "fill_nothing": {"en": "The chat gave no value for the empty fields.",
                     "de": "Der Chat ergab keinen Wert für die leeren Felder."},
    "fill_left_out": {"en": "{field} was left out: {reason}", "de": "{field} wurde ausgelassen: {reason}"},
    "fill_failed": {"en": "Fill from chat failed, the form is unchanged: {error}",
                    "de": "Ausfüllen aus dem Chat fehlgeschlagen, das Formular ist unverändert: {error}"},
    "from_chat": {"en": "From the chat", "de": "Aus dem Chat"},
    "from_chat_sr": {"en": "Filled from the chat; check it", "de": "Aus dem Chat ausgefüllt; bitte prüfen"},
    "fill_undone": {"en": "The form is as it was before the fill.",
                    "de": "Das Formular ist wieder wie vor dem Ausfüllen."},
}
_TEXTS.update(_FILL_TEXTS)

# Reopening the form behind a sent message (vance_ui/web/chat/reopen.py).
_REOPEN_TEXTS: dict[str, dict[str, str]] = {
    "edit_in_form": {"en": "Edit in form", "de": "Im Formular bearbeiten"},
    "edit_in_form_named": {"en": "Edit in form: {wizard}", "de": "Im Formular bearbeiten: {wizard}"},
    "reopen_gone": {"en": "The wizard “{name}” is no longer available; the message stays as it is.",
                    "de": "Den Wizard „{name}“ gibt es nicht mehr; die Nachricht bleibt, wie sie ist."},
    "reopen_changed": {"en": "This wizard has changed since the message was sent: the form shows what still fits.",
                       "de": "Dieser Wizard hat sich seit dem Senden geändert: Das Formular zeigt, was noch passt."},
    "reopen_dropped": {"en": "Left out, no longer in the wizard: {fields}",
                       "de": "Weggelassen, nicht mehr im Wizard: {fields}"},
    "reopen_unfit": {"en": "Left out, no longer fitting their field: {fields}",
                     "de": "Weggelassen, passt nicht mehr zum Feld: {fields}"},
    "insights_where_message": {"en": "sent message", "de": "gesendete Nachricht"},
}
_TEXTS.update(_REOPEN_TEXTS)
