"use strict";
// One seat's page: its snapshot arrives over the websocket whenever anyone acts; a click on
// a choice sends {"step", "choice"}: the step the choice was listed at, so a stale click is
// refused by the server rather than applied to another state.
(() => {
  const $ = (id) => document.getElementById(id);
  const el = (tag, attrs, ...children) => {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    node.append(...children);
    return node;
  };
  const base = location.pathname.replace(/\/$/, "");
  let socket = null;
  let shown = null;

  function clock(items) {
    $("clock").replaceChildren(...items.map(([k, v]) => el("div", {}, el("dt", {}, k), el("dd", {}, v))));
  }

  function panels(sections) {
    const parts = [el("h2", {}, "Game")];
    for (const section of sections) {
      parts.push(el("h3", {}, section.title));
      if (section.rows.length === 0) { parts.push(el("p", { class: "none" }, "none")); continue; }
      const head = el("tr", {}, ...section.columns.map((c) => el("th", {}, String(c))));
      const rows = section.rows.map((row) => el("tr", {}, ...row.map((c) => el("td", {}, String(c)))));
      parts.push(el("table", {}, el("thead", {}, head), el("tbody", {}, ...rows)));
    }
    $("panel").replaceChildren(...parts);
  }

  function choices(data) {
    const groups = [];
    let group = null;
    for (const choice of data.choices) {
      if (!group || group.kind !== choice.kind) {
        group = { kind: choice.kind, node: el("fieldset", {}, el("legend", {}, choice.kind)) };
        groups.push(group);
      }
      const button = el("button", { type: "button", "data-choice": String(choice.number) },
        `${choice.number}. ${choice.text}`);
      button.addEventListener("click", () => send(data.step, choice.number));
      group.node.append(button);
    }
    $("choices").replaceChildren(...groups.map((g) => g.node));
  }

  function status(data) {
    const who = data.seat === null ? "You are watching" : `You play ${data.seat}`;
    let line = `${who}. Step ${data.step}. `;
    if (data.over) line += "The game is over.";
    else if (data.stopped) line += "The game stopped at its step cap.";
    else if (data.due === data.seat) line += "Your choice.";
    else if (data.due) line += `Waiting for ${data.due}.`;
    $("status").textContent = line;
    $("status").className = data.due !== null && data.due === data.seat ? "due" : "";
  }

  function over(data) {
    const banner = $("banner");
    if (!data.over && !data.stopped) { banner.hidden = true; return; }
    const rows = Object.entries(data.outcome || {}).map(([player, columns]) =>
      el("li", {}, `${player}: ` + Object.entries(columns).map(([k, v]) => `${k}=${v}`).join(", ")));
    const link = el("a", { href: `${base}/record`, id: "record", rel: "noreferrer" }, "Step through the game's record");
    banner.replaceChildren(el("strong", {}, data.over ? "Game over. " : "Stopped. "), link, el("ul", {}, ...rows));
    banner.className = "over";
    banner.hidden = false;
  }

  function show(data) {
    shown = data;
    clock(data.clock);
    status(data);
    over(data);
    choices(data);
    $("act").hidden = data.seat === null;
    $("lines").replaceChildren(...data.news.map((line) => el("li", {}, line)));
    panels(data.panels);
    document.body.dataset.step = String(data.step);
  }

  function send(step, choice) {
    $("refused").hidden = true;
    for (const button of document.querySelectorAll("#choices button")) button.disabled = true;
    socket.send(JSON.stringify({ step, choice }));
  }

  function receive(event) {
    const data = JSON.parse(event.data);
    if (data.type === "state") show(data);
    else if (data.type === "refused") {
      $("refused").textContent = `refused: ${data.message} [${data.code}]`;
      $("refused").hidden = false;
      if (shown) choices(shown);
    }
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(`${scheme}//${location.host}${base}/ws`);
    socket.addEventListener("message", receive);
    socket.addEventListener("close", () => {
      $("status").textContent = "disconnected; reconnecting…";
      setTimeout(connect, 2000);
    });
  }
  connect();
})();
