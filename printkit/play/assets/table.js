// The live table: draws what the server's API says and sends the clicks back.
// Everything it shows comes from /api/*; it never knows which game it plays.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);
const ui = {
  info: null, board: null, view: null, moves: [], viewer: 0, shownViewer: null,
  prefix: [], version: -1, art: new Map(), lastRoll: "", busy: false, revealed: true,
};

async function api(path, options = {}) {
  const response = await fetch(path, options);
  const isJson = (response.headers.get("content-type") || "").includes("json");
  const body = isJson ? await response.json() : await response.text();
  if (!response.ok) throw new Error(isJson ? body.error : body);
  return body;
}
const post = (path, body) => api(path, {method: "POST", headers: {"Content-Type": "application/json"},
                                        body: JSON.stringify(body || {})});

function showError(error) { $("error").textContent = error ? String(error.message || error) : ""; }

function el(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

// --- the board ---------------------------------------------------------------
const flip = (y) => ui.board.height - y;

function drawBoard() {
  const b = ui.board, svg = $("board");
  svg.setAttribute("viewBox", `0 0 ${b.width} ${b.height}`);
  svg.replaceChildren();
  const art = new DOMParser().parseFromString(b.svg, "image/svg+xml").documentElement;
  const layer = el("g", {id: "art"}, svg);
  for (const child of Array.from(art.childNodes)) layer.appendChild(document.importNode(child, true));
  const cells = el("g", {id: "cells"}, svg);
  for (const cell of b.cells) {
    const points = cell.outline.map(([x, y]) => `${x},${flip(y)}`).join(" ");
    const poly = el("polygon", {points, class: "cell", "data-cell": cell.name}, cells);
    const title = el("title", {}, poly);
    title.textContent = cell.name;
    poly.addEventListener("click", () => clicked(cell.name));
  }
  el("g", {id: "pieces"}, svg);
  const zones = $("zones");
  zones.replaceChildren();
  // Each player's places together, under their name in their colour; the shared ones after.
  const groups = new Map();
  const groupOf = (owner) => {
    if (!groups.has(owner)) {
      const group = document.createElement("div");
      group.className = "zone-group";
      if (owner != null) {
        group.style.borderColor = ui.info.colours[owner];
        const name = document.createElement("h2");
        name.textContent = ui.info.players[owner];
        group.appendChild(name);
      }
      groups.set(owner, group);
    }
    return groups.get(owner);
  };
  const owners = [...new Set(b.zones.map((z) => z.owner))].sort((a, c) => (a ?? 99) - (c ?? 99));
  owners.forEach((owner) => zones.appendChild(groupOf(owner)));
  for (const zone of b.zones) {
    const box = document.createElement("div");
    box.className = "zone";
    box.dataset.zone = zone.name;
    const swatch = zone.owner == null ? "" : ` style="border-left: .5em solid ${ui.info.colours[zone.owner]}"`;
    box.innerHTML = `<h3${swatch}></h3><div class="pieces"></div>`;
    box.querySelector("h3").textContent = zone.label;
    box.addEventListener("click", () => clicked(zone.name));
    groupOf(zone.owner).appendChild(box);
  }
}

async function artFor(key) {
  if (!ui.art.has(key)) {
    ui.art.set(key, api(`/api/art?key=${encodeURIComponent(key)}`).catch(() => null));
  }
  return ui.art.get(key);
}

function cellBox(name) {
  const cell = ui.board.cells.find((c) => c.name === name);
  if (!cell) return null;
  const xs = cell.outline.map((p) => p[0]), ys = cell.outline.map((p) => p[1]);
  return {cx: cell.center[0], cy: cell.center[1],
          w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys)};
}

function artNode(art, piece) {
  if (!art) {  // no one printed part to draw: a counter in the owner's colour, with what a glance must read
    const g = document.createElementNS(SVG, "svg");
    g.setAttribute("viewBox", "0 0 10 10");
    const colour = piece.owner == null ? "#d8d8d8" : ui.info.colours[piece.owner];
    el("rect", {x: .5, y: .5, width: 9, height: 9, rx: 1.5, fill: colour, stroke: "#000", "stroke-width": .3}, g);
    const t = el("text", {x: 5, y: 6.5, "text-anchor": "middle", "font-size": 4, "font-weight": "bold",
                          fill: piece.owner == null ? "#000" : "#fff"}, g);
    t.textContent = piece.hidden ? "?" : (piece.count > 1 ? (piece.name || "?")[0] : piece.label || (piece.name || "?")[0]);
    return g;
  }
  const doc = new DOMParser().parseFromString(art.svg, "image/svg+xml").documentElement;
  const node = document.importNode(doc, true);
  node.removeAttribute("width");
  node.removeAttribute("height");
  return node;
}

// A board of very many places (every place a game of laid tiles could reach)
// shows the part in play: the pieces, the places moves reach, a margin round them.
const CROP_ABOVE = 1000;

function cropBoard() {
  const b = ui.board;
  if (b.cells.length <= CROP_ABOVE) return;
  const used = new Set(ui.view.pieces.map((p) => p.where));
  ui.moves.forEach((m) => m.touches.forEach((t) => used.add(t)));
  const boxes = b.cells.filter((c) => used.has(c.name)).map((c) => c.outline).flat();
  if (!boxes.length) return;
  const step = Math.sqrt(b.width * b.height / b.cells.length);
  const xs = boxes.map((p) => p[0]), ys = boxes.map((p) => flip(p[1]));
  const x0 = Math.max(0, Math.min(...xs) - 2 * step), y0 = Math.max(0, Math.min(...ys) - 2 * step);
  const x1 = Math.min(b.width, Math.max(...xs) + 2 * step), y1 = Math.min(b.height, Math.max(...ys) + 2 * step);
  $("board").setAttribute("viewBox", `${x0} ${y0} ${x1 - x0} ${y1 - y0}`);
}

async function drawPieces() {
  const layer = $("board").querySelector("#pieces");
  const view = ui.view;
  const arts = await Promise.all(view.pieces.map((p) => artFor(p.art)));
  layer.replaceChildren();
  document.querySelectorAll(".zone .pieces").forEach((z) => z.replaceChildren());
  const perCell = new Map(), onCell = new Map();
  view.pieces.forEach((p) => onCell.set(p.where, (onCell.get(p.where) || 0) + 1));
  view.pieces.forEach((piece, index) => {
    const art = arts[index];
    const node = artNode(art, piece);
    const label = piece.count > 1 ? String(piece.count) : piece.label;
    const box = cellBox(piece.where);
    const at = piece.meta && piece.meta.at;
    if (box || at) {
      const k = perCell.get(piece.where) || 0;
      perCell.set(piece.where, k + 1);
      // A piece cut from its sheet (a tile) covers its cell as it is laid;
      // any other stands inside it, a stack stepping up within the cell.
      const n = box ? onCell.get(piece.where) : 1;
      const room = box ? Math.min(box.w, box.h) * (piece.meta && piece.meta.face ? 1 : 0.84) : 18;
      const side = room / (1 + (n - 1) * 0.12), step = (n > 1 ? side * 0.12 : 0);
      let w = side, h = side;
      if (art) { const s = side / Math.max(art.width, art.height); w = art.width * s; h = art.height * s; }
      const shift = (k - (n - 1) / 2) * step;
      const cx = (at ? at[0] : box.cx) + shift, cy = flip(at ? at[1] : box.cy) - shift;
      const g = el("g", {class: "piece", "data-piece": index, "data-where": piece.where,
                         "data-name": piece.name}, layer);
      node.setAttribute("x", cx - w / 2); node.setAttribute("y", cy - h / 2);
      node.setAttribute("width", w); node.setAttribute("height", h);
      g.appendChild(node);
      if (label) {  // in the piece's top right corner, sized to the piece so it stays in its cell
        const r = Math.min(2.4, 0.3 * Math.min(w, h)), bx = cx + w / 2 - r, by = cy - h / 2 + r;
        el("circle", {cx: bx, cy: by, r, class: "badge-bg"}, g);
        const t = el("text", {x: bx, y: by + 0.45 * r, "text-anchor": "middle", class: "badge",
                              "font-size": (label.length > 2 ? 0.95 : 1.33) * r}, g);
        t.textContent = label;
      }
      const title = el("title", {}, g);
      title.textContent = `${piece.name}${piece.owner == null ? "" : " (" + ui.info.players[piece.owner] + ")"}`;
      g.addEventListener("click", (e) => {
        e.stopPropagation();
        if (g.dataset.dragged) return;
        if (view.sandbox) select(index); else clicked(piece.where);
      });
      if (ui.selected === index) g.classList.add("selected");
      if (view.sandbox) draggable(g, index);
    } else {
      const zone = document.querySelector(`.zone[data-zone="${CSS.escape(piece.where)}"] .pieces`);
      if (!zone) return;
      node.setAttribute("class", "piece");
      node.dataset.piece = index;
      node.dataset.name = piece.name;
      const holder = document.createElement("span");
      holder.className = "zone-piece";
      holder.appendChild(node);
      if (label) { const b = document.createElement("b"); b.textContent = ` ${label}`; holder.appendChild(b); }
      holder.title = piece.name;
      holder.dataset.piece = index;
      if (view.sandbox) {
        holder.addEventListener("click", (e) => { e.stopPropagation(); select(index); });
        if (ui.selected === index) holder.classList.add("selected");
      }
      zone.appendChild(holder);
    }
  });
}

// --- a sandbox: drag pieces anywhere --------------------------------------------
function svgPoint(event) {
  const svg = $("board"), point = svg.createSVGPoint();
  point.x = event.clientX; point.y = event.clientY;
  return point.matrixTransform(svg.getScreenCTM().inverse());
}

function draggable(g, index) {
  g.addEventListener("pointerdown", (down) => {
    const start = svgPoint(down);
    g.setPointerCapture(down.pointerId);
    g.classList.add("dragging");
    delete g.dataset.dragged;
    const move = (e) => {
      const p = svgPoint(e);
      g.setAttribute("transform", `translate(${p.x - start.x} ${p.y - start.y})`);
      g.dataset.dragged = "1";
    };
    const up = async (e) => {
      g.removeEventListener("pointermove", move);
      g.removeEventListener("pointerup", up);
      g.classList.remove("dragging");
      if (!g.dataset.dragged) return;
      const p = svgPoint(e);
      const cell = document.elementsFromPoint(e.clientX, e.clientY).find((n) => n.dataset && n.dataset.cell);
      const body = cell ? {piece: index, where: cell.dataset.cell} : {piece: index, at: [p.x, flip(p.y)]};
      try { await post("/api/place", body); } catch (error) { showError(error); }
      await refresh();
    };
    g.addEventListener("pointermove", move);
    g.addEventListener("pointerup", up);
  });
}

// --- clicks to moves ---------------------------------------------------------------
function light() {
  document.querySelectorAll(".lit, .from").forEach((n) => n.classList.remove("lit", "from"));
  const mark = (name, cls) => {
    document.querySelectorAll(`[data-cell="${CSS.escape(name)}"], [data-zone="${CSS.escape(name)}"]`)
      .forEach((n) => n.classList.add(cls));
  };
  ui.prefix.forEach((name) => mark(name, "from"));
  if (!ui.prefix.length) return;
  for (const move of candidates(ui.prefix)) {
    if (move.touches.length > ui.prefix.length) mark(move.touches[ui.prefix.length], "lit");
  }
}

function candidates(prefix) {
  return ui.moves.filter((m) => prefix.every((name, i) => m.touches[i] === name));
}

// In a sandbox a piece is clicked, then the place it goes to (or dragged on the board).
function select(index) {
  ui.selected = ui.selected === index ? null : index;
  document.querySelectorAll(".selected").forEach((n) => n.classList.remove("selected"));
  if (ui.selected != null) {
    document.querySelectorAll(`[data-piece="${index}"]`).forEach((n) => n.classList.add("selected"));
  }
}

async function placeSelected(name) {
  const piece = ui.selected;
  ui.selected = null;
  try { await post("/api/place", {piece, where: name}); showError(null); } catch (error) { showError(error); }
  await refresh();
}

function clicked(name) {
  hideMenu();
  if (ui.info && ui.info.sandbox) { if (ui.selected != null) placeSelected(name); return; }
  if (!ui.moves.length) return;
  let prefix = [...ui.prefix, name];
  let found = candidates(prefix);
  if (!found.length) { prefix = [name]; found = candidates(prefix); }
  if (!found.length) { ui.prefix = []; light(); return; }
  const complete = found.filter((m) => m.touches.length === prefix.length);
  const further = found.filter((m) => m.touches.length > prefix.length);
  ui.prefix = further.length ? prefix : [];
  light();
  if (!further.length && complete.length === 1) return play(complete[0].move);
  if (complete.length) showMenu(complete, name);
}

function showMenu(moves, near) {
  const menu = $("menu");
  menu.replaceChildren();
  for (const move of moves) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = move.move;
    b.addEventListener("click", () => { hideMenu(); play(move.move); });
    menu.appendChild(b);
  }
  const target = document.querySelector(`[data-cell="${CSS.escape(near)}"], [data-zone="${CSS.escape(near)}"]`);
  const area = $("table-area").getBoundingClientRect();
  const box = target ? target.getBoundingClientRect() : area;
  menu.style.left = `${box.right - area.left + 4}px`;
  menu.style.top = `${box.top - area.top}px`;
  menu.hidden = false;
}
function hideMenu() { $("menu").hidden = true; }

async function play(move) {
  ui.prefix = [];
  light();
  try {
    await post("/api/move", {seat: ui.viewer, move});
    showError(null);
  } catch (error) { showError(error); }
  await refresh();
}

// --- the page's state ----------------------------------------------------------------
function personSeats() { return ui.info.seats.map((s, i) => s === "person" ? i : -1).filter((i) => i >= 0); }

function chooseViewer(view) {
  // Who looks at the table: the person whose turn it is; during an agent's
  // turn, the last person who looked. Between two people's turns in a game
  // with hidden information the board stays covered until the next asks.
  const toMove = view ? view.to_move : null;
  const people = personSeats();
  let next = ui.viewer;
  if (toMove != null && ui.info.seats[toMove] === "person") next = toMove;
  else if (!people.includes(next) && people.length) next = people[0];
  if (next !== ui.viewer && ui.info.hidden_information && people.length > 1) ui.revealed = false;
  // An agent's turn covers nothing: the last person to look goes on looking.
  if (toMove == null || ui.info.seats[toMove] !== "person") ui.revealed = true;
  ui.viewer = next;
}

// One refresh at a time: changes pushed while one runs are fetched once it
// ends, so two never draw over each other (a covered board with pieces on it).
function refresh() {
  if (ui.refreshing) { ui.again = true; return ui.refreshing; }
  ui.refreshing = (async () => {
    try { do { ui.again = false; await refreshOnce(); } while (ui.again); } finally { ui.refreshing = null; }
  })();
  return ui.refreshing;
}

async function refreshOnce() {
  try {
    const info = await api("/api/game");
    const problem = info.problem;
    $("problem").hidden = !problem;
    $("table").hidden = !!problem;
    if (problem) {
      $("problem-text").textContent = problem;
      $("title").textContent = info.title;
      ui.version = info.version;
      document.body.dataset.version = info.version;
      return;
    }
    ui.info = info;
    if (!ui.board || ui.specVersion !== info.spec_version) {
      ui.board = await api("/api/board");
      ui.specVersion = info.spec_version;
      ui.art.clear();
      drawBoard();
    }
    const peek = await api(`/api/moves?seat=${ui.viewer}`);
    chooseViewer({to_move: peek.to_move});
    drawSeats();
    const covered = !ui.revealed;
    $("curtain").hidden = !covered;
    if (covered) {
      $("curtain-text").textContent = `Pass the table to ${info.players[ui.viewer]}.`;
      $("status").textContent = `${info.players[ui.viewer]} to move`;
      $("title").textContent = info.title;
      $("reveal").textContent = `Show ${info.players[ui.viewer]}'s board`;
      $("board").querySelector("#pieces").replaceChildren();
      ui.drawn = null;
      document.querySelectorAll(".zone .pieces").forEach((z) => z.replaceChildren());
      $("moves").replaceChildren(); $("history").replaceChildren();
      ui.moves = []; ui.view = null;
      document.body.dataset.version = info.version;
      return;
    }
    const [view, moves] = await Promise.all([api(`/api/position?seat=${ui.viewer}`), api(`/api/moves?seat=${ui.viewer}`)]);
    ui.view = view;
    ui.moves = moves.moves;
    ui.version = view.version;
    // Drawn again only when something changed: a piece being dragged is not
    // replaced under the pointer by a refresh that brings nothing new.
    const drawn = `${view.version}|${ui.viewer}|${ui.specVersion}|${ui.selected}`;
    if (ui.drawn !== drawn) { await drawPieces(); ui.drawn = drawn; }
    cropBoard();
    drawStatus();
    drawLists();
    light();
    document.body.dataset.version = view.version;  // what the page shows, for whoever waits on it
    maybeAgent();
  } catch (error) { showError(error); }
}

function drawStatus() {
  const view = ui.view, info = ui.info;
  $("title").textContent = info.title;
  document.title = `${info.title}: printkit table`;
  let text;
  if (info.sandbox) text = "Sandbox: no rules engine, pieces move freely";
  else if (view.over) text = view.result || "The game is over";
  else if (view.to_move == null) text = "";
  else text = `${info.players[view.to_move]} to move` + (view.to_move === ui.viewer ? " (you)" : "");
  $("status").textContent = text;
  const thinking = view.thinking != null;
  $("thinking").hidden = !thinking;
  if (thinking) $("thinking-text").textContent = `${info.players[view.thinking]} (${info.seats[view.thinking]}) is thinking`;
  const roll = (view.rolls || []).join(", ");
  const dice = $("dice");
  dice.textContent = roll ? `Dice: ${roll}` : "";
  if (roll && roll !== ui.lastRoll) { dice.classList.remove("rolled"); void dice.offsetWidth; dice.classList.add("rolled"); }
  ui.lastRoll = roll;
  $("undo").disabled = !view.can_undo;
  $("redo").disabled = !view.can_redo;
  $("roll").hidden = !info.sandbox;
  const save = $("save");
  save.hidden = info.sandbox;
  save.href = `/api/save?seat=${ui.viewer}`;
  save.title = info.save_refused || "";
  save.classList.toggle("refused", !!info.save_refused);
  document.querySelector("label.file").hidden = info.sandbox;
}

function drawLists() {
  const moves = $("moves");
  moves.replaceChildren();
  for (const move of ui.moves) {
    const li = document.createElement("li");
    li.textContent = move.move;
    li.addEventListener("click", () => play(move.move));
    moves.appendChild(li);
  }
  const history = $("history");
  history.replaceChildren();
  for (const entry of ui.view.history) {
    const li = document.createElement("li");
    li.textContent = entry.by ? `${entry.by}: ${entry.move}` : `dice: ${entry.move}`;
    if (!entry.by) li.className = "roll";
    history.appendChild(li);
  }
  history.scrollTop = history.scrollHeight;
}

function drawSeats() {
  const info = ui.info, box = $("seats");
  box.replaceChildren();
  info.players.forEach((name, i) => {
    const row = document.createElement("div");
    row.className = "seat" + (ui.view && ui.view.to_move === i ? " to-move" : "");
    row.innerHTML = `<span class="swatch"></span><span class="name"></span>`;
    row.querySelector(".swatch").style.background = info.colours[i];
    row.querySelector(".name").textContent = name;
    const select = document.createElement("select");
    select.dataset.seat = i;
    for (const kind of info.seat_kinds) {
      const option = document.createElement("option");
      option.value = option.textContent = kind;
      select.appendChild(option);
    }
    select.value = info.seats[i];
    select.disabled = info.sandbox;
    select.addEventListener("change", async () => {
      const seats = Array.from(box.querySelectorAll("select")).map((s) => s.value);
      try { await post("/api/seats", {seats}); } catch (error) { showError(error); }
      await refresh();
    });
    row.appendChild(select);
    box.appendChild(row);
  });
  const variant = $("variant");
  if (!variant.childElementCount) {
    for (const name of ["", ...info.variants]) {
      const option = document.createElement("option");
      option.value = name;
      option.textContent = name || "standard";
      variant.appendChild(option);
    }
    variant.value = info.variant && info.variants.includes(info.variant) ? info.variant : "";
    const players = $("players");
    for (const n of info.player_counts) {
      const option = document.createElement("option");
      option.value = option.textContent = n;
      players.appendChild(option);
    }
    players.value = info.players.length;
  }
}

let agentTimer = null;
function maybeAgent() {
  const view = ui.view;
  if (!view || view.over || view.to_move == null || view.thinking != null || ui.info.sandbox) return;
  if (ui.info.seats[view.to_move] === "person" || agentTimer) return;
  // A short pause (the table's pace, 250 ms unless set), so a person sees each move before the next.
  agentTimer = setTimeout(async () => {
    agentTimer = null;
    try { await post("/api/agent", {}); } catch (error) { if (!/thinking|changed/.test(error.message)) showError(error); }
    await refresh();
  }, ui.info.pace);
}

// --- buttons and the live updates ---------------------------------------------------
$("undo").addEventListener("click", async () => {
  try { await post("/api/undo", {until_person: true}); showError(null); } catch (error) { showError(error); }
  await refresh();
});
$("redo").addEventListener("click", async () => {
  try { await post("/api/redo", {until_person: true}); showError(null); } catch (error) { showError(error); }
  await refresh();
});
$("roll").addEventListener("click", async () => {
  try { await post("/api/roll"); } catch (error) { showError(error); }
  await refresh();
});
$("save").addEventListener("click", async (event) => {
  // Asked of the server at the click, not read from the page's last view:
  // whether the position may be saved changes with every move and seat. A
  // position holding what someone at the table may not see is said, not
  // downloaded.
  event.preventDefault();
  const link = event.currentTarget;
  try {
    const response = await fetch(link.href);
    if (!response.ok) {
      const body = await response.json().catch(() => ({}));
      throw new Error(body.error || response.statusText);
    }
    const name = (response.headers.get("content-disposition") || "").match(/filename="([^"]+)"/);
    const file = document.createElement("a");
    file.href = URL.createObjectURL(await response.blob());
    file.download = name ? name[1] : "position.json";
    file.click();
    setTimeout(() => URL.revokeObjectURL(file.href), 10000);  // once the browser has taken the file
    showError(null);
  } catch (error) { showError(error); }
});
$("reveal").addEventListener("click", () => { ui.revealed = true; refresh(); });
$("load").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  if (!file) return;
  try {
    await api("/api/load", {method: "POST", headers: {"Content-Type": "application/json"}, body: await file.text()});
    showError(null);
  } catch (error) { showError(error); }
  event.target.value = "";
  await refresh();
});
$("new").addEventListener("click", async () => {
  const seats = Array.from(document.querySelectorAll("#seats select")).map((s) => s.value);
  const players = Number($("players").value) || null;
  try {
    await post("/api/new", {seats, variant: $("variant").value, players});
    $("variant").replaceChildren();
    $("players").replaceChildren();
    showError(null);
  } catch (error) { showError(error); }
  await refresh();
});
$("board").addEventListener("click", async (e) => {
  if (e.target.closest("[data-cell], g.piece")) return;  // handled by the cell or piece itself
  if (ui.info && ui.info.sandbox && ui.selected != null) {  // a sandbox: anywhere on the table
    const p = svgPoint(e), piece = ui.selected;
    ui.selected = null;
    try { await post("/api/place", {piece, at: [p.x, flip(p.y)]}); showError(null); } catch (error) { showError(error); }
    await refresh();
    return;
  }
  ui.prefix = []; light(); hideMenu();
});

function listen() {
  const socket = new WebSocket(`ws://${location.host}/api/events`);
  socket.addEventListener("message", (event) => {
    const data = JSON.parse(event.data);
    if (data.version !== ui.version) refresh();
  });
  socket.addEventListener("close", () => setTimeout(listen, 1000));
}

refresh().then(listen);
