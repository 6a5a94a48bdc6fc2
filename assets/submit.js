// Submit actions that carry the text the browser shows (vance_ui/web/nicegui_compat/submit.py explains why).
//
// Until a page's websocket handshake is done, NiceGUI holds back each browser event on a 10 ms
// retry timer of its own (nicegui.js, `delayed_emitter`), so held events can leave out of order.
// A submit therefore reads its text fields' values here and sends them along with the event, and
// it waits until every event held back with it has left. What this relies on in NiceGUI (checked
// against the installed NiceGUI's static/nicegui.js by tests/web/test_nicegui_internals.py):
//   - `window.did_handshake`: false from the moment the socket is created, true once the handshake
//     completes (again after a reconnect);
//   - held events retry every 10 ms, so 20 ms after the handshake all of them have left;
//   - `getHtmlElement(id)` is `document.getElementById("c" + id)`, and a text input's native
//     control carries that id (how the form variant maps an <input> back to its element);
//   - a `js_handler` is evaluated where `emit` (send this event to the server) is in scope.

// When the handshake last completed, and whether NiceGUI ever wrote `did_handshake` at all. The
// property is taken over (keeping any accessor that is already there) so the moment it turns true
// is known; if NiceGUI stops writing it (renamed), submits fall back to sending at once.
(() => {
  const own = Object.getOwnPropertyDescriptor(window, "did_handshake");
  let stored = own && "value" in own ? own.value : undefined;
  const read = own?.get ? own.get.bind(window) : () => stored;
  const write = own?.set ? own.set.bind(window) : (value) => { stored = value; };
  Object.defineProperty(window, "did_handshake", {
    configurable: true,
    get: read,
    set: (value) => {
      window.vanceHandshakeWritten = true;
      if (value && !read()) window.vanceConnectedAt = performance.now();
      write(value);
    },
  });
})();

// Calls `emit(values)` once the events held back with this submit have left; `values` maps an
// element id to the value its control shows (`controls`: native <input>/<textarea> elements).
function vanceSubmit(emit, controls) {
  const values = {};
  for (const control of controls) {
    const id = vanceElementId(control);
    if (id !== null) values[id] = control.value;
  }
  if (!window.vanceHandshakeWritten) {
    // NiceGUI no longer says when its handshake is done: send now (its own emitter still waits)
    console.warn("vance: window.did_handshake is never set; submitting without waiting");
    return emit(values);
  }
  let connected = window.vanceConnectedAt ?? -Infinity;
  const wait = () => {
    if (!window.did_handshake) {
      connected = Infinity; // it completes after this moment: count from when it is seen
      return setTimeout(wait, 10);
    }
    if (connected === Infinity) connected = performance.now();
    const left = connected + 20 - performance.now();
    if (left <= 0) return emit(values);
    setTimeout(() => emit(values), left);
  };
  wait();
}

// The NiceGUI element id whose native control `control` is, or null.
function vanceElementId(control) {
  const match = /^c(\d+)$/.exec(control?.id ?? "");
  return match && getHtmlElement(match[1]) === control ? match[1] : null;
}

// A submit that reads the given elements' controls (on_submit in submit.py).
function vanceSubmitFields(emit, ids) {
  vanceSubmit(emit, ids.map((id) => getHtmlElement(id)).filter((control) => control));
}

// A submit that reads every text control inside the element `formId` at this moment (on_form_submit).
function vanceSubmitForm(emit, formId) {
  vanceSubmit(emit, getHtmlElement(formId)?.querySelectorAll("input, textarea") ?? []);
}
