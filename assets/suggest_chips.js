// Wizard suggestions above the chat input (vance_ui/web/chat/suggest_chips.py). This component
// follows the input in the browser: after a pause in typing (`delay` ms, debounced here, so typing
// never waits) it sends the text with a sequence number (`query`); the server answers `chips` and
// the number it answered (`answered`), and drops an answer older than one it already gave. The
// chips shown stay until the next answer, except after an empty or `/` input: then only an answer
// for a later text shows chips again.
// Nothing is asked while the input starts with `/` (the slash menu has that) or is empty. Escape
// in the input hides the shown chips, and a hidden wizard stays away until the message is sent or
// cleared (the server bumps `reset`). Alt+ArrowUp moves the focus to the first chip;
// ArrowLeft/ArrowRight move between chips, Escape or ArrowDown go back to the input, Delete hides
// the focused chip.
function suggestQueryable(text) {
  return text.trim() !== "" && !text.trimStart().startsWith("/");
}

function suggestFocusChip(root, index) {
  const buttons = root.querySelectorAll(".vance-suggest-open");
  if (!buttons.length) return false;
  buttons[Math.max(0, Math.min(index, buttons.length - 1))].focus();
  return true;
}

export default {
  template: `
    <div v-show="shown.length > 0" class="vance-suggest" role="group" :aria-label="label">
      <span v-for="(chip, index) in shown" :key="chip.name" class="vance-suggest-chip" :data-wizard="chip.name">
        <button type="button" class="vance-suggest-open" :aria-label="chip.openLabel" :title="keys"
                @click="open(chip)" @keydown="chipKey($event, index, chip)">
          <q-icon :name="chip.icon" class="vance-suggest-icon" aria-hidden="true" />
          <span class="vance-suggest-title">{{ chip.title }}</span>
        </button>
        <button type="button" class="vance-suggest-dismiss" :aria-label="chip.dismissLabel"
                @click="dismiss(chip, index)">
          <q-icon name="close" aria-hidden="true" />
        </button>
      </span>
    </div>
  `,
  props: {
    chips: { type: Array, default: () => [] },
    answered: { type: Number, default: 0 },
    reset: { type: Number, default: 0 },
    inputId: String,
    label: String,
    keys: String,
    delay: { type: Number, default: 50 },
  },
  data() {
    return { asked: 0, hiddenUntil: 0, dismissed: [], queryable: false, timer: null };
  },
  computed: {
    shown() {
      if (!this.queryable || this.answered < this.hiddenUntil) return [];
      return this.chips.filter((chip) => !this.dismissed.includes(chip.name));
    },
  },
  watch: {
    reset() {
      this.dismissed = [];
      this.queryable = false;
      this.hiddenUntil = this.asked + 1; // an answer still on its way is for the text that was sent
    },
  },
  mounted() {
    this.onInput = (event) => this.typed(event);
    this.onKey = (event) => this.inputKey(event);
    document.addEventListener("input", this.onInput, true);
    document.addEventListener("keydown", this.onKey, true);
  },
  unmounted() {
    document.removeEventListener("input", this.onInput, true);
    document.removeEventListener("keydown", this.onKey, true);
    clearTimeout(this.timer);
  },
  methods: {
    input() {
      return document.getElementById(this.inputId);
    },
    typed(event) {
      if (event.target !== this.input()) return;
      const text = event.target.value || "";
      clearTimeout(this.timer);
      this.asked += 1;
      this.queryable = suggestQueryable(text);
      if (!text.trim()) this.dismissed = [];
      const asked = this.asked;
      if (!this.queryable) {
        this.hiddenUntil = asked + 1; // chips of an earlier text come back only with an answer for a later one
        if (this.chips.length) this.$emit("query", { text: "", seq: asked, dismissed: [] }); // clears them
        return;
      }
      this.timer = setTimeout(() => this.$emit("query", { text, seq: asked, dismissed: this.dismissed }), this.delay);
    },
    inputKey(event) {
      if (event.target !== this.input() || event.isComposing || !this.shown.length) return;
      if (event.key === "ArrowUp" && event.altKey && !event.ctrlKey && !event.metaKey) {
        if (suggestFocusChip(this.$el, 0)) event.preventDefault();
      } else if (event.key === "Escape" && !event.altKey && !event.ctrlKey && !event.metaKey) {
        this.dismissed = this.dismissed.concat(this.shown.map((chip) => chip.name));
        event.preventDefault();
        event.stopPropagation(); // the chat page's Escape does nothing more
      }
    },
    chipKey(event, index, chip) {
      if (event.key === "ArrowRight") suggestFocusChip(this.$el, index + 1);
      else if (event.key === "ArrowLeft") suggestFocusChip(this.$el, index - 1);
      else if (event.key === "Escape" || event.key === "ArrowDown") this.input()?.focus();
      else if (event.key === "Delete" || event.key === "Backspace") this.dismiss(chip, index);
      else return;
      event.preventDefault();
      event.stopPropagation();
    },
    dismiss(chip, index) {
      this.dismissed = this.dismissed.concat([chip.name]);
      this.$nextTick(() => suggestFocusChip(this.$el, index) || this.input()?.focus());
    },
    open(chip) {
      this.$emit("open", { name: chip.name, text: this.input()?.value || "" });
    },
  },
};
