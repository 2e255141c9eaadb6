// The gamefold viewer: steps through a recorded game. Everything it shows is in the JSON
// data element of this page; states are rebuilt from the first state of a track and one
// diff a step (the operations of gamefold.viewer.diff: [path, value] sets, [path] deletes).
// What a step changed is found by comparing its node with the previous one.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("gamefold-data").textContent);
  const $ = (id) => document.getElementById(id);
  const last = data.steps.length - 1;
  const built = {}; // track name -> every node {state, panel}, built on first use
  const opened = new Set(["state", "state/slices"]); // tree nodes the reader opened
  let step = 0;
  let track = "";

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, value);
    for (const child of children) {
      node.append(child instanceof Node ? child : String(child));
    }
    return node;
  }

  function applyOp(tree, op) {
    const path = op[0];
    if (path.length === 0) return structuredClone(op[1]);
    let parent = tree;
    for (const key of path.slice(0, -1)) parent = parent[key];
    const key = path[path.length - 1];
    if (op.length === 1) delete parent[key];
    else parent[key] = structuredClone(op[1]);
    return tree;
  }

  function nodes(name) {
    if (!built[name]) {
      const source = data.tracks[name];
      let node = source.first;
      const all = [node];
      for (const ops of source.diffs) {
        node = ops.reduce(applyOp, structuredClone(node));
        all.push(node);
      }
      built[name] = all;
    }
    return built[name];
  }

  function lookup(tree, parts) {
    for (const key of parts) {
      if (tree === null || typeof tree !== "object" || !(key in tree)) return undefined;
      tree = tree[key];
    }
    return tree;
  }

  // Whether the current step changed the value at `parts` (of the shown track's node).
  function changed(parts) {
    if (step === 0) return false;
    const [before, now] = [nodes(track)[step - 1], nodes(track)[step]];
    return JSON.stringify(lookup(before, parts)) !== JSON.stringify(lookup(now, parts));
  }

  function ruleLinks(rules) {
    return rules.map((rule) => {
      const page = data.rules[rule.split("-")[0]];
      return page
        ? el("a", { class: "rule", href: page, title: "rule " + rule + " in the docs" }, rule)
        : el("span", { class: "rule" }, rule);
    });
  }

  function showStep() {
    const info = data.steps[step];
    $("clock").replaceChildren(
      ...info.clock.map(([label, value]) => el("div", {}, el("dt", {}, label), el("dd", {}, value)))
    );
    const who = step === 0 ? "" : info.actor === null ? " by the clock" : " by " + info.actor;
    $("action").replaceChildren(
      el("b", {}, info.kind),
      who,
      " ",
      el("code", {}, info.action)
    );
    const diverged = data.divergence && data.divergence.step === step;
    $("action").className = diverged ? "diverged" : "";
    $("events").replaceChildren(
      ...info.events.map((e) =>
        el("li", {}, e.text, el("span", { class: "kind", title: e.call }, e.kind), ...ruleLinks(e.rules))
      )
    );
    if (info.events.length === 0) $("events").append(el("li", { class: "none" }, "no events"));
    const extra = info.rules.length ? [step === 0 ? "Setup rules:" : "Also shown:"] : [];
    $("extra").replaceChildren(...extra, ...ruleLinks(info.rules));
  }

  // A folded section (a slice's config) is shown collapsed, and stays as the reader left it.
  const unfolded = new Set();

  function showPanel(node) {
    const parts = [];
    node.panel.forEach((section, s) => {
      const body = [];
      if (section.rows.length === 0) {
        body.push(el("p", { class: "none" }, "none"));
      } else {
        const head = el("tr", {}, ...section.columns.map((c) => el("th", {}, c)));
        const rows = section.rows.map((row, r) =>
          el("tr", {}, ...row.map((cell, c) => {
            return el("td", changed(["panel", s, "rows", r, c]) ? { class: "changed" } : {}, cell);
          }))
        );
        body.push(el("table", {}, el("thead", {}, head), el("tbody", {}, ...rows)));
      }
      if (!section.folded) {
        parts.push(el("h3", {}, section.title), ...body);
        return;
      }
      const folded = el("details", { class: "folded" }, el("summary", {}, section.title), ...body);
      folded.open = unfolded.has(section.title);
      folded.addEventListener("toggle", () => {
        if (folded.open) unfolded.add(section.title);
        else unfolded.delete(section.title);
      });
      parts.push(folded);
    });
    $("panel").replaceChildren(...(parts.length ? [el("h2", {}, "Game"), ...parts] : []));
  }

  // A leaf the step changed is highlighted; a branch holding a change is opened and marked.
  function treeNode(key, value, parts) {
    const path = parts.join("/");
    const moved = changed(parts);
    if (value === null || typeof value !== "object") {
      return el("div", { class: moved ? "leaf changed" : "leaf", "data-path": path }, key + ": ", JSON.stringify(value));
    }
    const size = Array.isArray(value) ? "[" + value.length + "]" : "{" + Object.keys(value).length + "}";
    const details = el("details", { class: moved ? "inside" : "", "data-path": path });
    // A branch that is new, or emptied, has no changed leaf to show it: mark the branch.
    const before = step > 0 ? lookup(nodes(track)[step - 1], parts) : value;
    const whole = moved && (before === null || typeof before !== "object" || !Object.keys(value).length);
    details.append(el("summary", whole ? { class: "changed" } : {}, key + " ", el("span", { class: "brief" }, size)));
    // The slices are a list in the data: each is labelled with its slice's name.
    const labels = path === "state/slices" ? nodes(track)[step].state.names || [] : [];
    const fill = () => {
      if (details.childElementCount > 1) return;
      for (const [k, v] of Object.entries(value)) {
        details.append(treeNode(labels[k] ?? k, v, [...parts, k]));
      }
    };
    details.addEventListener("toggle", () => {
      if (details.open) {
        opened.add(path);
        fill();
      } else {
        opened.delete(path);
      }
    });
    if (opened.has(path) || moved) {
      fill();
      details.open = true;
    }
    return details;
  }

  function show() {
    const node = nodes(track)[step];
    $("slider").value = step;
    $("position").textContent = "step " + step + " of " + last;
    showStep();
    showPanel(node);
    $("tree").replaceChildren(el("h2", {}, "State"), treeNode("state", node.state, ["state"]));
  }

  function go(to) {
    step = Math.max(0, Math.min(last, to));
    show();
  }

  function search(event) {
    event.preventDefault();
    const wanted = $("query").value.trim().toLowerCase();
    if (!wanted) return;
    const has = (s) =>
      s.kind.toLowerCase().includes(wanted) || s.events.some((e) => e.kind.toLowerCase().includes(wanted));
    for (let i = step + 1; i <= last; i++) {
      if (has(data.steps[i])) {
        $("found").textContent = "found at step " + i;
        go(i);
        return;
      }
    }
    $("found").textContent = "no step after " + step + " has an event or action like \u201c" + wanted + "\u201d";
  }

  function keys(event) {
    const tag = event.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: last };
    if (event.key in moves) {
      event.preventDefault();
      go(moves[event.key]);
    }
  }

  function setUp() {
    $("title").textContent = data.game + ", seed " + data.seed + ": " + data.actions + " actions";
    $("slider").max = last;
    $("slider").addEventListener("input", () => go(Number($("slider").value)));
    $("first").addEventListener("click", () => go(0));
    $("prev").addEventListener("click", () => go(step - 1));
    $("next").addEventListener("click", () => go(step + 1));
    $("last").addEventListener("click", () => go(last));
    const choices = [["", "full state (everything)"], ...data.players.map((p) => [p, p + "'s view"])];
    $("viewer").replaceChildren(...choices.map(([value, label]) => el("option", { value }, label)));
    $("viewer").addEventListener("change", () => {
      track = $("viewer").value;
      show();
    });
    const kinds = new Set(data.steps.flatMap((s) => [s.kind, ...s.events.map((e) => e.kind)]));
    $("kinds").replaceChildren(...[...kinds].sort().map((k) => el("option", { value: k })));
    $("search").addEventListener("submit", search);
    document.addEventListener("keydown", keys);
    const banner = $("banner");
    if (data.divergence) {
      const d = data.divergence;
      banner.className = "diverged";
      banner.setAttribute("role", "alert");
      banner.textContent =
        "This record diverges at step " + d.step + ": " + d.reason + ". Opened at step " + d.open +
        "; the steps after it are not shown.";
      banner.hidden = false;
    } else {
      banner.className = "ok";
      banner.textContent = data.digests
        ? "Every state matches the digest the record carries."
        : "The record carries no digests: every action replays legally; states were not compared.";
      banner.hidden = false;
    }
    go(data.divergence ? data.divergence.open : 0);
  }

  // For tests and the curious: the page's state, read from the browser console.
  window.gamefoldViewer = { go, step: () => step, node: (name, i) => nodes(name)[i] };
  setUp();
})();
