// A code editor that never puts an older text back while the user types.
//
// NiceGUI's ui.codemirror calls setEditorValue(this.value) after every update of the element, and
// the `value` prop it sends is the server's copy of the text. While keystrokes are on their way,
// that copy is behind the editor's: an update for anything else (problem marks, tooltips) put the
// older text back, and the following keystrokes landed in the wrong places. Here a value is applied
// only when the server set one (`valueSerial` moved); every other update leaves the text alone.
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
  },
};
