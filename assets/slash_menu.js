// The slash menu of the chat input (vance_ui/web/chat/slash_menu.py). The server sends the matching
// wizards (`options`, already filtered and ranked) for the command being typed (`query`); this
// component only shows them as a listbox and handles the keys while it is open: arrows move the
// active option (the input keeps the focus and points at it with aria-activedescendant), Enter or
// Tab choose it, Escape closes the menu until the command changes. Keys are caught on the way
// down (capture), so the input's own Enter (send) never sees a key the menu used.
export default {
  template: `
    <div v-show="isOpen" class="vance-slash-menu">
      <div :id="listId + '-label'" class="vance-slash-heading">{{ label }}</div>
      <div role="listbox" :id="listId" :aria-labelledby="listId + '-label'" class="vance-slash-list">
        <div v-for="(option, index) in options" :key="option.name" role="option" :id="optionId(index)"
             :aria-selected="index === active ? 'true' : 'false'" :data-wizard="option.name"
             :class="['vance-slash-option', { active: index === active }]"
             @mousedown.prevent @mousemove="active = index" @click="choose(index)">
          <q-icon :name="option.icon" class="vance-slash-icon" aria-hidden="true" />
          <span class="vance-slash-title">{{ option.title }}</span>
          <span class="vance-slash-name">/{{ option.name }}</span>
        </div>
      </div>
      <div class="vance-slash-keys" aria-hidden="true">{{ keys }}</div>
    </div>
  `,
  props: {
    options: { type: Array, default: () => [] },
    query: { type: String, default: null },
    inputId: String,
    listId: String,
    hintId: String,
    label: String,
    keys: String,
  },
  data() {
    return { active: 0, dismissed: false };
  },
  computed: {
    isOpen() {
      return this.query !== null && this.options.length > 0 && !this.dismissed;
    },
  },
  watch: {
    options() {
      this.active = 0;
    },
    query() {
      this.dismissed = false;
    },
    isOpen() {
      this.sync();
    },
    active() {
      this.sync();
      this.$nextTick(() => document.getElementById(this.optionId(this.active))?.scrollIntoView({ block: "nearest" }));
    },
  },
  mounted() {
    this.onKey = (event) => this.key(event);
    document.addEventListener("keydown", this.onKey, true);
    this.sync();
  },
  updated() {
    this.sync();
  },
  unmounted() {
    document.removeEventListener("keydown", this.onKey, true);
  },
  methods: {
    optionId(index) {
      return `${this.listId}-option-${index}`;
    },
    input() {
      return document.getElementById(this.inputId);
    },
    sync() {
      // the input stays focused: it names the list it controls and, while open, the active option
      const input = this.input();
      if (!input) return;
      input.setAttribute("aria-controls", this.listId);
      input.setAttribute("aria-autocomplete", "list");
      if (this.hintId) input.setAttribute("aria-describedby", this.hintId);
      if (this.isOpen) input.setAttribute("aria-activedescendant", this.optionId(this.active));
      else input.removeAttribute("aria-activedescendant");
    },
    key(event) {
      if (!this.isOpen || event.target !== this.input() || event.isComposing) return;
      const count = this.options.length;
      const plain = !event.altKey && !event.ctrlKey && !event.metaKey;
      if (event.key === "ArrowDown" && plain) this.active = (this.active + 1) % count;
      else if (event.key === "ArrowUp" && plain) this.active = (this.active + count - 1) % count;
      else if ((event.key === "Enter" || event.key === "Tab") && plain && !event.shiftKey) this.choose(this.active);
      else if (event.key === "Escape") this.dismissed = true;
      else return;
      event.preventDefault();
      event.stopPropagation();
    },
    choose(index) {
      const option = this.options[index];
      if (!option) return;
      this.dismissed = true; // until the server has cleared the command
      this.$emit("choose", { name: option.name });
      this.input()?.focus();
    },
  },
};
