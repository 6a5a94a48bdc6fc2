// A code editor that never puts an older text back while the user types, and that tells and moves
// its cursor (vance_ui/web/nicegui_compat/code_editor.py: `cursor()`, `insert(at, text)`).
//
// NiceGUI's ui.codemirror calls setEditorValue(this.value) after every update of the element, and
// the `value` prop it sends is the server's copy of the text. While keystrokes are on their way,
// that copy is behind the editor's: an update for anything else (problem marks, tooltips) put the
// older text back, and the following keystrokes landed in the wrong places. Here a value is applied
// only when the server set one (`valueSerial` moved); every other update leaves the text alone.
//
// The base component keeps its CodeMirror EditorView as `this.editor`, created in `mounted`, and
// `this.editorPromise` resolves once it is (tests/web/test_nicegui_internals.py checks both).
// Positions are CodeMirror's: UTF-16 code units.
import base from "codemirror";

export default {
  ...base,
  props: { ...base.props, valueSerial: Number },
  async mounted() {
    this.appliedValueSerial = this.valueSerial;
    await base.mounted.call(this);
  },
  methods: {
    ...base.methods,
    setEditorValue(value) {
      if (this.valueSerial === this.appliedValueSerial) return;
      this.appliedValueSerial = this.valueSerial;
      base.methods.setEditorValue.call(this, value);
    },
    async cursor() {
      if (!this.editor) await this.editorPromise;
      return this.editor.state.selection.main.head;
    },
    // `text` inserted at `at`, the cursor after it, the focus in the editor
    async insert(at, text) {
      if (!this.editor) await this.editorPromise;
      this.editor.dispatch({ changes: { from: at, insert: text }, selection: { anchor: at + text.length } });
      this.editor.focus();
    },
  },
};
