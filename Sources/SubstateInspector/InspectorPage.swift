extension Inspector {
    /// The time-travel page, without its data: HTML, styles and script in one file, with no
    /// network, external script, font or style, so that it opens from a file or a mail
    /// attachment. ``page(_:name:)`` puts the recording in place of `/*RECORDING*/{}`.
    ///
    /// The script reads the fragment of the page's address: `#step=N` opens at step N, and
    /// `#script=…` runs a comma-separated list of commands once the page is ready (for the
    /// browser test and for bug reports that point at a step): `key:ArrowRight`, `click:N`
    /// (the timeline row of step N), `slider:N` (a position), `filter:TEXT`, `measure:N`
    /// (steps forward N times and writes the time per step into `#measurements`). A script
    /// runs at most 100 commands and measures at most 1,000 steps in all, whatever its
    /// address says.
    static let pageTemplate = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Substate recording: <!--TITLE--></title>
        <style>
        :root { --bg: #fff; --fg: #1d1d1f; --muted: #6e6e73; --line: #d2d2d7; --sel: #0a64d6;
          --add: #dff5e3; --add-fg: #116329; --del: #fde2e1; --del-fg: #a1221b; --chg: #fff3c4;
          --chg-fg: #7a5300; --panel: #f5f5f7; }
        * { box-sizing: border-box; }
        html, body { margin: 0; height: 100%; }
        body { font: 14px/1.4 -apple-system, "Segoe UI", system-ui, sans-serif; color: var(--fg);
          background: var(--bg); display: flex; flex-direction: column; }
        header { padding: 10px 16px; border-bottom: 1px solid var(--line); background: var(--panel); }
        header h1 { font-size: 16px; margin: 0 0 4px; }
        header .meta { color: var(--muted); font-size: 12px; display: flex; flex-wrap: wrap; gap: 4px 16px; }
        header .meta b { color: var(--fg); font-weight: 600; }
        #problems { padding: 8px 16px; background: var(--del); color: var(--del-fg); font-size: 13px; }
        #problems h2 { font-size: 13px; margin: 0 0 4px; }
        #problems ul { margin: 0; padding-left: 20px; max-height: 8em; overflow: auto; }
        main { flex: 1; display: flex; min-height: 0; }
        nav { width: 40%; min-width: 280px; max-width: 560px; display: flex; flex-direction: column;
          border-right: 1px solid var(--line); }
        .controls { padding: 8px; border-bottom: 1px solid var(--line); display: grid; gap: 6px; }
        #filter { width: 100%; padding: 5px 8px; font: inherit; border: 1px solid var(--line); border-radius: 6px; }
        #slider { width: 100%; }
        .hint { color: var(--muted); font-size: 12px; display: flex; justify-content: space-between; }
        #timeline { overflow: auto; flex: 1; position: relative;
          font: 12px/20px ui-monospace, "SF Mono", Menlo, Consolas, monospace; }
        #rows { list-style: none; margin: 0; padding: 0; position: relative; }
        #timeline li { position: absolute; left: 0; right: 0; height: 20px; display: grid;
          grid-template-columns: 4.5em 5.5em 1fr; padding: 0 8px; cursor: pointer; white-space: nowrap;
          border-bottom: 1px solid #f0f0f2; }
        #timeline li:hover { background: #eef4ff; }
        #timeline li.selected { background: var(--sel); color: #fff; }
        #timeline .step, #timeline .time { color: var(--muted); text-align: right; padding-right: 1em; }
        #timeline li.selected .step, #timeline li.selected .time { color: #dbe8ff; }
        #timeline .act { overflow: hidden; text-overflow: ellipsis; }
        #detail { flex: 1; overflow: auto; padding: 12px 16px; min-width: 0; }
        #step-info { font-size: 15px; font-weight: 600; margin-bottom: 4px; }
        #action { font: 13px ui-monospace, "SF Mono", Menlo, Consolas, monospace; background: var(--panel);
          padding: 6px 8px; border-radius: 6px; margin-bottom: 10px; overflow-x: auto; }
        #action details { margin-top: 4px; }
        #state-note { color: var(--muted); font-size: 12px; margin: 8px 0 4px; }
        #changes { font-size: 12px; margin-bottom: 6px; }
        #changes span { padding: 0 6px; border-radius: 4px; margin-right: 6px; }
        .tree { font: 13px/1.5 ui-monospace, "SF Mono", Menlo, Consolas, monospace; }
        .tree details > :not(summary) { margin-left: 1.2em; }
        .tree summary { cursor: pointer; list-style: none; white-space: nowrap; }
        .tree summary::-webkit-details-marker { display: none; }
        .tree summary::before { content: "▸"; display: inline-block; width: 1em; color: var(--muted); }
        .tree details[open] > summary::before { content: "▾"; }
        .tree .leaf { white-space: pre-wrap; word-break: break-all; padding-left: 1em; }
        .tree .key { color: #8a3ffc; }
        .tree .key::after { content: ": "; color: var(--muted); }
        .tree .preview { color: var(--muted); }
        .tree .string { color: #c41a16; }
        .tree .number { color: #1c00cf; }
        .tree .bool, .tree .null { color: #aa0d91; }
        .added > summary, .leaf.added, #changes .added { background: var(--add); color: var(--add-fg); }
        .changed > summary, .leaf.changed, #changes .changed { background: var(--chg); color: var(--chg-fg); }
        .removed > summary, .leaf.removed, #changes .removed { background: var(--del); color: var(--del-fg); }
        .removed > summary, .leaf.removed { text-decoration: line-through; }
        .contains > summary { font-weight: 600; }
        .was { color: var(--muted); margin-left: 1em; text-decoration: line-through; }
        .more { margin-left: 1em; font: inherit; font-size: 12px; }
        #measurements { display: none; }
        kbd { border: 1px solid var(--line); border-radius: 3px; padding: 0 3px; font-size: 11px; }
        </style>
        </head>
        <body>
        <header>
          <h1 id="title"></h1>
          <div class="meta" id="meta"></div>
        </header>
        <section id="problems" hidden><h2 id="problems-title"></h2><ul id="problem-list"></ul></section>
        <main>
          <nav>
            <div class="controls">
              <input id="filter" type="search" placeholder="Filter actions by name" autocomplete="off">
              <input id="slider" type="range" min="0" value="0" aria-label="Step">
              <div class="hint"><span id="count"></span><span><kbd>←</kbd> <kbd>→</kbd> <kbd>Home</kbd> <kbd>End</kbd></span></div>
            </div>
            <div id="timeline"><ol id="rows"></ol></div>
          </nav>
          <section id="detail">
            <div id="step-info"></div>
            <div id="action"></div>
            <div id="state-note"></div>
            <div id="changes"></div>
            <div id="state" class="tree"></div>
          </section>
        </main>
        <pre id="measurements"></pre>
        <script type="application/json" id="recording">/*RECORDING*/{}</script>
        <script>
        "use strict";
        const data = JSON.parse(document.getElementById("recording").textContent);
        const $ = (id) => document.getElementById(id);
        const el = (tag, cls, text) => {
          const e = document.createElement(tag);
          if (cls) e.className = cls;
          if (text !== undefined) e.textContent = text;
          return e;
        };
        // Rows: the initial state, then one per action: [step, time, kind, text, action].
        const rows = [[0, 0, "(initial state)", "(initial state)", null]].concat(data.rows);
        const snapshots = data.snapshots;            // [step, changes], in step order
        const states = [];                            // states[i]: after snapshot i, built lazily
        const openPaths = new Set();                  // paths the reader opened or closed
        const closedPaths = new Set();
        let position = -1;
        // The timeline shows only the rows in view (a list of 10,000 rows would take seconds to
        // lay out): `shown` holds the indices of the rows the filter lets through, in order.
        const rowHeight = 20;
        let shown = rows.map((_, index) => index);
        let shownAt = new Int32Array(rows.length).map((_, index) => index);  // row -> place in `shown`, or -1
        const rendered = new Map();  // row index -> its <li>, while in view

        // ---- States: apply each snapshot's changes to the one before, sharing what did not change.
        function copyOf(node) {
          return Array.isArray(node) ? node.slice() : Object.assign(Object.create(null), node);
        }
        function applyChange(node, change, depth) {
          const path = change[1];
          if (depth === path.length) {
            if (change[0] === "s") {
              return node.slice(0, change[2]).concat(change[4], node.slice(change[2] + change[3]));
            }
            return change[2];
          }
          const copy = copyOf(node);
          const key = path[depth];
          if (depth === path.length - 1 && change[0] !== "s") {
            if (change[0] === "r") delete copy[key]; else copy[key] = change[2];
          } else {
            copy[key] = applyChange(node[key], change, depth + 1);
          }
          return copy;
        }
        function stateAfterSnapshot(index) {
          if (index < 0) return data.initial;
          let from = Math.min(index, states.length - 1);
          while (from >= 0 && states[from] === undefined) from--;
          let state = from < 0 ? data.initial : states[from];
          for (let i = from + 1; i <= index; i++) {
            for (const change of snapshots[i][1]) state = applyChange(state, change, 0);
            states[i] = state;
          }
          return states[index];
        }
        function snapshotAtOrBefore(step) {
          let low = 0, high = snapshots.length - 1, found = -1;
          while (low <= high) {
            const mid = (low + high) >> 1;
            if (snapshots[mid][0] <= step) { found = mid; low = mid + 1; } else high = mid - 1;
          }
          return found;
        }
        function valueAt(root, path) {
          let node = root;
          for (const key of path) {
            if (node === null || typeof node !== "object") return undefined;
            node = node[key];
          }
          return node;
        }

        // ---- The state tree, its children made when first opened.
        const pathKey = (path) => JSON.stringify(path);
        function displayPath(path) {
          return path.map((k) => typeof k === "number" ? "[" + k + "]" : "." + k).join("") || "(root)";
        }
        // Integers beyond 2^53 come as "\uE000n" and their digits (a JavaScript number would
        // round them); a string that began with \uE000 comes as "\uE000s" and the string.
        function leafText(value) {
          if (value === null) return ["null", "null"];
          if (typeof value === "string" && value.charCodeAt(0) === 0xE000) {
            if (value[1] === "n") return [value.slice(2), "number"];
            return [JSON.stringify(value.slice(2)), "string"];
          }
          if (typeof value === "string") return [JSON.stringify(value), "string"];
          if (typeof value === "boolean") return [String(value), "bool"];
          return [String(value), "number"];
        }
        function preview(value, budget) {
          if (value === null || typeof value !== "object") return leafText(value)[0];
          if (budget < 4) return Array.isArray(value) ? "[…]" : "{…}";
          const parts = [];
          let used = 2;
          const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value).sort();
          for (const key of keys) {
            const text = (Array.isArray(value) ? "" : key + ": ") + preview(value[key], budget - used - 4);
            if (used + text.length > budget) { parts.push("…"); break; }
            parts.push(text);
            used += text.length + 2;
          }
          return Array.isArray(value) ? "[" + parts.join(", ") + "]" : "{" + parts.join(", ") + "}";
        }
        function childKeys(value) {
          return Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value).sort();
        }
        function labelFor(key) { return typeof key === "number" ? "[" + key + "]" : key; }
        function makeNode(key, value, path, marks, depth, ghost) {
          const k = pathKey(path);
          const mark = ghost ? { kind: "removed" } : marks.kinds.get(k);
          if (value !== null && typeof value === "object") {
            const details = el("details", mark ? mark.kind : (marks.contains.has(k) ? "contains" : ""));
            details.dataset.path = k;
            details.title = displayPath(path);
            const summary = el("summary");
            if (key !== undefined) summary.append(el("span", "key", labelFor(key)));
            const n = Array.isArray(value) ? value.length : Object.keys(value).length;
            const count = n + (Array.isArray(value) ? (n === 1 ? " item" : " items") : (n === 1 ? " field" : " fields"));
            summary.append(el("span", "preview", preview(value, 80) + "  (" + count + ")"));
            details.append(summary);
            let filled = false;
            const fill = () => {
              if (filled) return;
              filled = true;
              fillChildren(details, value, path, marks, depth, ghost);
            };
            const open = !ghost && !closedPaths.has(k) &&
              (depth < 1 || marks.contains.has(k) || openPaths.has(k) ||
               (depth < 2 && childKeys(value).length <= 50));
            if (open) { details.open = true; fill(); }
            details.addEventListener("toggle", () => {
              if (details.open) { fill(); openPaths.add(k); closedPaths.delete(k); }
              else { openPaths.delete(k); closedPaths.add(k); }
            });
            return details;
          }
          const leaf = el("div", "leaf" + (mark ? " " + mark.kind : ""));
          leaf.dataset.path = k;
          leaf.title = displayPath(path);
          if (key !== undefined) leaf.append(el("span", "key", labelFor(key)));
          const [text, type] = leafText(value);
          leaf.append(el("span", "value " + type, text));
          if (mark && mark.kind === "changed") {
            leaf.append(el("span", "was", "was " + preview(mark.was, 60)));
          }
          return leaf;
        }
        function fillChildren(parent, value, path, marks, depth, ghost) {
          const k = pathKey(path);
          let keys = childKeys(value);
          const splice = ghost ? undefined : marks.spliced.get(k);
          const removed = ghost ? undefined : marks.removed.get(k);
          // A removed key is shown struck out where it was: among the others, in key order.
          const ghosts = new Map();
          if (removed && !Array.isArray(value)) {
            for (const r of removed) if (!(r.key in value)) ghosts.set(r.key, r);
            keys = keys.concat([...ghosts.keys()]).sort();
          }
          const limit = 500;
          const addRange = (from, to) => {
            for (let i = from; i < to; i++) {
              const key = keys[i];
              if (splice && key === splice.index) addGhosts(splice);
              const gone = ghosts.get(key);
              if (gone) {
                parent.append(makeNode(key, gone.value, path.concat([key]), marks, depth + 1, true));
                gone.done = true;
                continue;
              }
              parent.append(makeNode(key, value[key], path.concat([key]), marks, depth + 1, ghost));
            }
          };
          const addGhosts = (s) => {
            s.values.forEach((v, j) => {
              parent.append(makeNode(s.index + j, v, path.concat([s.index + j]), marks, depth + 1, true));
            });
            s.done = true;
          };
          addRange(0, Math.min(keys.length, limit));
          if (keys.length > limit) {
            const more = el("button", "more", "show " + (keys.length - limit) + " more");
            more.addEventListener("click", () => { more.remove(); addRange(limit, keys.length); });
            parent.append(more);
          }
          if (splice && !splice.done) addGhosts(splice);
          if (removed) {
            for (const r of removed) {
              if (!r.done && !ghosts.has(r.key)) parent.append(makeNode(r.key, r.value, path.concat([r.key]), marks, depth + 1, true));
            }
          }
        }
        // What a step's changes mark: each changed path, the removed values (shown struck out
        // where they were), and every ancestor of a change (opened, in bold).
        function marksFor(changes, before) {
          const marks = { kinds: new Map(), contains: new Set(), removed: new Map(), spliced: new Map(),
            counts: { added: 0, changed: 0, removed: 0 } };
          const ancestors = (path) => { for (let i = 0; i < path.length; i++) marks.contains.add(pathKey(path.slice(0, i))); };
          for (const change of changes || []) {
            const path = change[1];
            ancestors(path);
            if (change[0] === "a") {
              marks.kinds.set(pathKey(path), { kind: "added" }); marks.counts.added++;
            } else if (change[0] === "c") {
              marks.kinds.set(pathKey(path), { kind: "changed", was: valueAt(before, path) }); marks.counts.changed++;
            } else if (change[0] === "r") {
              const parent = pathKey(path.slice(0, -1));
              if (!marks.removed.has(parent)) marks.removed.set(parent, []);
              marks.removed.get(parent).push({ key: path[path.length - 1], value: valueAt(before, path) });
              marks.counts.removed++;
            } else if (change[0] === "s") {
              marks.contains.add(pathKey(path));
              const old = valueAt(before, path) || [];
              const gone = old.slice(change[2], change[2] + change[3]);
              marks.spliced.set(pathKey(path), { index: change[2], values: gone, done: false });
              marks.counts.removed += gone.length;
              change[4].forEach((_, j) => marks.kinds.set(pathKey(path.concat([change[2] + j])), { kind: "added" }));
              marks.counts.added += change[4].length;
            }
          }
          return marks;
        }

        // ---- The page.
        function formatTime(t) { return Number(t).toFixed(3); }
        function renderHeader() {
          const h = data.header;
          document.title = "Substate recording: " + h.file;
          $("title").textContent = "Substate recording: " + h.file;
          const meta = $("meta");
          const item = (label, value) => {
            const span = el("span"); span.append(label + " "); span.append(el("b", "", value)); meta.append(span);
          };
          item("program", h.program || "(not recorded)");
          item("format version", String(h.formatVersion));
          item("started", h.start ? h.start.replace("T", " ").replace("Z", " UTC") : "(not recorded)");
          item("steps", String(h.steps));
          item("duration", formatTime(h.duration) + " s");
          item("snapshots", h.snapshotInterval === 1 ? "every step" : "every " + h.snapshotInterval + " steps");
          if (data.problems.length > 0) {
            $("problems").hidden = false;
            $("problems-title").textContent = data.problems.length === 1
              ? "1 damaged line was skipped; the rest of the recording is shown"
              : data.problems.length + " damaged lines were skipped; the rest of the recording is shown";
            for (const [line, reason] of data.problems) {
              const li = el("li", "", "line " + line + ": " + reason);
              li.dataset.line = line;
              $("problem-list").append(li);
            }
          }
        }
        function rowElement(index) {
          const row = rows[index];
          const li = el("li", index === position ? "selected" : "");
          li.dataset.step = row[0];
          li.dataset.index = index;
          li.style.top = (shownAt[index] * rowHeight) + "px";
          li.append(el("span", "step", String(row[0])), el("span", "time", formatTime(row[1])),
                    el("span", "act", row[3]));
          li.title = row[2];
          return li;
        }
        function renderRows() {
          const box = $("timeline");
          const first = Math.max(0, Math.floor(box.scrollTop / rowHeight) - 20);
          const last = Math.min(shown.length, Math.ceil((box.scrollTop + box.clientHeight) / rowHeight) + 20);
          const wanted = new Set(shown.slice(first, last));
          for (const [index, li] of rendered) {
            if (!wanted.has(index)) { li.remove(); rendered.delete(index); }
          }
          const list = $("rows");
          for (const index of wanted) {
            if (!rendered.has(index)) { const li = rowElement(index); rendered.set(index, li); list.append(li); }
          }
        }
        function renderTimeline() {
          $("rows").style.height = (shown.length * rowHeight) + "px";
          $("timeline").addEventListener("scroll", renderRows);
          $("rows").addEventListener("click", (event) => {
            const li = event.target.closest("li");
            if (li) select(Number(li.dataset.index));
          });
          $("slider").max = rows.length - 1;
          updateCount();
          renderRows();
        }
        function visible(index) { return shownAt[index] >= 0; }
        function updateCount() {
          $("count").textContent = shown.length === rows.length
            ? (rows.length - 1) + " steps"
            : shown.length + " of " + rows.length + " rows match";
        }
        function applyFilter(text) {
          const needle = text.trim().toLowerCase();
          shown = [];
          shownAt.fill(-1);
          rows.forEach((row, index) => {
            if (needle === "" || row[2].toLowerCase().includes(needle) || row[3].toLowerCase().includes(needle)) {
              shownAt[index] = shown.length;
              shown.push(index);
            }
          });
          for (const li of rendered.values()) li.remove();
          rendered.clear();
          $("rows").style.height = (shown.length * rowHeight) + "px";
          updateCount();
          if (position >= 0 && visible(position)) scrollToRow(position); else renderRows();
        }
        function scrollToRow(index) {
          const box = $("timeline");
          const top = shownAt[index] * rowHeight;
          if (top < box.scrollTop) box.scrollTop = top;
          else if (top + rowHeight > box.scrollTop + box.clientHeight) box.scrollTop = top + rowHeight - box.clientHeight;
          renderRows();
        }
        function select(index) {
          if (index < 0 || index >= rows.length || index === position) return;
          rendered.get(position)?.classList.remove("selected");
          position = index;
          rendered.get(index)?.classList.add("selected");
          if (visible(index)) scrollToRow(index);
          $("slider").value = index;
          renderDetail();
        }
        function renderDetail() {
          const [step, time, kind, text, action] = rows[position];
          const info = $("step-info");
          info.dataset.step = step;
          info.textContent = step === 0 ? "Step 0 · initial state" : "Step " + step + " · " + formatTime(time) + " s · " + kind;
          const actionBox = $("action");
          actionBox.replaceChildren();
          if (step === 0) {
            actionBox.textContent = "The state the session started with.";
          } else {
            actionBox.append(el("div", "", text));
            const json = el("details");
            json.append(el("summary", "", "action as recorded (JSON)"));
            const tree = el("div", "tree");
            tree.append(makeNode(undefined, action, ["action"], marksFor([], null), 1, false));
            json.append(tree);
            actionBox.append(json);
          }
          const snapshot = snapshotAtOrBefore(step);
          const shownStep = snapshot < 0 ? 0 : snapshots[snapshot][0];
          const state = stateAfterSnapshot(snapshot);
          const note = $("state-note");
          const changesBox = $("changes");
          changesBox.replaceChildren();
          let marks = marksFor([], null);
          if (shownStep === step && step > 0) {
            const before = stateAfterSnapshot(snapshot - 1);
            const beforeStep = snapshot - 1 < 0 ? 0 : snapshots[snapshot - 1][0];
            marks = marksFor(snapshots[snapshot][1], before);
            note.textContent = "State after step " + step + "; highlighted: what changed since step " + beforeStep + ".";
            const c = marks.counts;
            if (c.added + c.changed + c.removed === 0) changesBox.textContent = "No change.";
            for (const kindName of ["added", "changed", "removed"]) {
              if (c[kindName] > 0) changesBox.append(el("span", kindName, c[kindName] + " " + kindName));
            }
          } else if (step === 0) {
            note.textContent = "Initial state.";
          } else {
            note.textContent = "No snapshot at step " + step + ": the state shown is the snapshot at step " + shownStep +
              " (snapshots every " + data.header.snapshotInterval + " steps).";
          }
          note.dataset.shownStep = shownStep;
          const tree = $("state");
          tree.replaceChildren(makeNode(undefined, state, [], marks, 0, false));
        }
        function move(direction) {
          let index = position + direction;
          while (index >= 0 && index < rows.length && !visible(index)) index += direction;
          if (index >= 0 && index < rows.length) select(index);
        }
        function edge(last) {
          let index = last ? rows.length - 1 : 0;
          const direction = last ? -1 : 1;
          while (index >= 0 && index < rows.length && !visible(index)) index += direction;
          if (index >= 0 && index < rows.length) select(index);
        }
        document.addEventListener("keydown", (event) => {
          if (event.target === $("filter") && !["ArrowUp", "ArrowDown"].includes(event.key)) return;
          const actions = { ArrowRight: () => move(1), ArrowDown: () => move(1), ArrowLeft: () => move(-1),
            ArrowUp: () => move(-1), Home: () => edge(false), End: () => edge(true) };
          const action = actions[event.key];
          if (action) { event.preventDefault(); action(); }
        });
        $("slider").addEventListener("input", (event) => select(Number(event.target.value)));
        $("filter").addEventListener("input", (event) => applyFilter(event.target.value));

        // ---- Start, and the commands of #step= and #script=.
        renderHeader();
        renderTimeline();
        select(0);
        const firstRender = performance.now();
        const measurements = { firstRenderMilliseconds: Number(firstRender.toFixed(1)), steps: rows.length - 1 };
        // A page's address can be shared: its script is bounded (100 commands, 1,000 measured
        // steps in all), so that no link can freeze the tab.
        let measureBudget = 1000;
        function measure(requested) {
          const count = Math.min(Math.max(Math.floor(requested) || 0, 0), measureBudget);
          if (count === 0) return;
          measureBudget -= count;
          const times = [];
          for (let i = 0; i < count; i++) {
            const start = performance.now();
            const next = position + 1 < rows.length ? position + 1 : 0;
            select(next);
            void document.body.getBoundingClientRect().height;  // include style and layout
            times.push(performance.now() - start);
          }
          times.sort((a, b) => a - b);
          measurements.stepCount = count;
          measurements.stepMeanMilliseconds = Number((times.reduce((a, b) => a + b, 0) / count).toFixed(3));
          measurements.stepMedianMilliseconds = Number(times[count >> 1].toFixed(3));
          measurements.stepMaxMilliseconds = Number(times[count - 1].toFixed(3));
        }
        function run(command) {
          const colon = command.indexOf(":");
          const name = colon < 0 ? command : command.slice(0, colon);
          const argument = colon < 0 ? "" : command.slice(colon + 1);
          if (name === "key") document.dispatchEvent(new KeyboardEvent("keydown", { key: argument, bubbles: true }));
          else if (name === "click") {
            const index = rows.findIndex((row) => String(row[0]) === argument);
            if (index >= 0 && visible(index)) { scrollToRow(index); rendered.get(index)?.click(); }
          }
          else if (name === "slider") { $("slider").value = argument; $("slider").dispatchEvent(new Event("input")); }
          else if (name === "filter") { $("filter").value = argument; $("filter").dispatchEvent(new Event("input")); }
          else if (name === "measure") measure(Number(argument));
        }
        const fragment = new URLSearchParams(location.hash.slice(1));
        if (fragment.has("step")) {
          const index = rows.findIndex((row) => String(row[0]) === fragment.get("step"));
          if (index >= 0) select(index);
        }
        if (fragment.has("script")) {
          for (const command of fragment.get("script").split(",").slice(0, 100)) if (command) run(command);
          document.body.dataset.script = "done";
        }
        $("measurements").textContent = JSON.stringify(measurements);
        </script>
        </body>
        </html>

        """#
}
