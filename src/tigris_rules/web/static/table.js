// The table page of a seat, of the seats played in this browser (hot seat), or of a
// spectator. It holds no game: it asks the server for its seat's page (the seat's view,
// its picture, its legal inputs and the last turn's events), draws it, and sends the input
// a click chooses, in the game's notation. The server pushes a message each time the game
// moves on; the page then asks for its page again.
"use strict";

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split("/").pop());
const tokens = new Map(); // seat -> token, from the fragment: #0=token&2=token
for (const [seat, token] of new URLSearchParams(location.hash.slice(1))) tokens.set(Number(seat), token);
let seat = tokens.size ? [...tokens.keys()][0] : null;
let shown = null; // the page on screen

function query(forSeat) {
  return forSeat === null ? "" : `seat=${forSeat}&token=${encodeURIComponent(tokens.get(forSeat))}`;
}

async function fetchPage(forSeat) {
  const response = await fetch(`/api/games/${encodeURIComponent(gameId)}/page?${query(forSeat)}`);
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error);
  return answer;
}

async function refresh() {
  try {
    let next = await fetchPage(seat);
    // Hot seat: the page follows the seat of this browser that must decide.
    if (next.to_move !== null && next.to_move !== seat && tokens.has(next.to_move)) {
      seat = next.to_move;
      next = await fetchPage(seat);
    }
    draw(next);
  } catch (error) {
    $("error").textContent = error.message;
  }
}

async function send(notation) {
  $("error").textContent = "";
  $("menu").classList.add("hidden");
  const response = await fetch(`/api/games/${encodeURIComponent(gameId)}/act`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ seat, token: tokens.get(seat), action: notation }),
  });
  const answer = await response.json();
  if (!response.ok) {
    $("error").textContent = answer.rule ? `${answer.error}\n${answer.rule}: ${answer.rule_text}` : answer.error;
    return;
  }
  refresh();
}

function button(action) {
  const element = document.createElement("button");
  element.type = "button";
  element.textContent = action.notation;
  element.dataset.action = action.notation;
  element.addEventListener("click", () => send(action.notation));
  return element;
}

function draw(next) {
  if (shown && shown.seat === next.seat && next.version < shown.version) return; // a late answer
  shown = next;
  document.body.dataset.version = next.version; // what the page shows, for tests and tools
  document.body.dataset.toMove = next.to_move ?? "";
  const mine = next.seat !== null && next.to_move === next.seat;
  $("title").textContent = next.seat === null ? "Tigris & Euphrates: spectator" : `Tigris & Euphrates: seat ${next.seat}`;
  const status = $("status");
  status.className = mine ? "mine" : "";
  if (next.over) status.textContent = "The game is over.";
  else if (mine) status.textContent = "Your decision.";
  else status.textContent = `Seat ${next.to_move} (${next.seats[next.to_move]}) to decide.`;
  drawHotSeats(next);
  const hand = next.seat === null ? null : next.view.hands[next.seat];
  $("hand").textContent = hand ? `Your hand: ${Object.entries(hand).map(([k, n]) => `${k} ${n}`).join(", ")}` : "";
  $("hand").dataset.seat = next.seat ?? "";
  drawBoard(next);
  drawChoices(next);
  drawEvents(next);
  drawResult(next);
}

function drawHotSeats(next) {
  const box = $("hot-seats");
  box.replaceChildren();
  if (tokens.size < 2) return;
  for (const other of tokens.keys()) {
    const element = document.createElement("button");
    element.type = "button";
    element.textContent = `Seat ${other}${other === next.seat ? " (shown)" : ""}`;
    element.addEventListener("click", () => { seat = other; refresh(); });
    box.append(element);
  }
}

function drawBoard(next) {
  const board = $("board");
  board.innerHTML = next.svg; // drawn by the library from the seat's view
  const at = new Map(); // place -> the inputs naming it
  for (const action of next.actions) {
    for (const place of action.places) {
      if (!at.has(place)) at.set(place, []);
      at.get(place).push(action);
    }
  }
  for (const element of board.querySelectorAll("[data-square], [data-spot]")) {
    const place = element.dataset.square ?? element.dataset.spot;
    if (at.has(place)) element.classList.add("target");
  }
  board.onclick = (event) => {
    const element = event.target.closest("[data-square], [data-spot]");
    if (!element) return;
    const place = element.dataset.square ?? element.dataset.spot;
    const actions = at.get(place);
    if (!actions) return;
    if (actions.length === 1) {
      send(actions[0].notation);
      return;
    }
    $("menu-title").textContent = `At ${place}:`;
    $("menu-actions").replaceChildren(...actions.map(button));
    $("menu").classList.remove("hidden");
  };
}

function drawChoices(next) {
  // The inputs no place of the picture names (end the turn, swap, answers to decisions),
  // grouped by their first word.
  const groups = new Map();
  for (const action of next.actions) {
    if (action.places.length) continue;
    const verb = action.notation.split(" ")[0];
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push(action);
  }
  const box = $("choices");
  box.replaceChildren();
  for (const [verb, actions] of groups) {
    const group = document.createElement("details");
    group.open = actions.length <= 12;
    const summary = document.createElement("summary");
    summary.textContent = `${verb} (${actions.length})`;
    group.append(summary, ...actions.map(button));
    box.append(group);
  }
  $("choices-box").classList.toggle("hidden", groups.size === 0);
  if (!next.actions.length) $("menu").classList.add("hidden");
}

function drawEvents(next) {
  const list = $("event-list");
  list.replaceChildren();
  for (const move of next.last_turn) {
    const item = document.createElement("li");
    item.textContent = `Seat ${move.seat}${move.notation ? `: ${move.notation}` : ""}`;
    const sentences = document.createElement("ul");
    for (const text of move.events) {
      const line = document.createElement("li");
      line.textContent = text;
      sentences.append(line);
    }
    item.append(sentences);
    list.append(item);
  }
}

function written(value) {
  if (Array.isArray(value)) return value.join(", ");
  if (value && typeof value === "object") return Object.entries(value).map(([k, v]) => `${k} ${v}`).join(", ");
  return String(value);
}

function drawResult(next) {
  // The result as the view gives it: a row per seat, best place first, a column per field.
  $("result").classList.toggle("hidden", !next.over);
  if (!next.over || !next.view.result) return;
  const players = [...next.view.result.players].sort((a, b) => a.place - b.place);
  const fields = ["place", "player", ...Object.keys(players[0]).filter((k) => k !== "place" && k !== "player")];
  const table = document.createElement("table");
  table.className = "result";
  const head = table.insertRow();
  for (const field of fields) {
    const cell = document.createElement("th");
    cell.textContent = field === "player" ? "seat" : field;
    head.append(cell);
  }
  for (const player of players) {
    const row = table.insertRow();
    for (const field of fields) row.insertCell().textContent = written(player[field]);
  }
  $("result-table").replaceChildren(table);
  const base = `/api/games/${encodeURIComponent(gameId)}/log`;
  $("log-json").href = `${base}?format=json`;
  $("log-tgn").href = `${base}?format=tgn`;
  $("replay-link").href = `/replay#game=${encodeURIComponent(gameId)}`;
}

function listen() {
  const updates = new EventSource(`/api/games/${encodeURIComponent(gameId)}/updates?${query(seat)}`);
  updates.addEventListener("version", (event) => {
    if (!shown || Number(event.data) !== shown.version) refresh();
  });
}

refresh().then(listen);
