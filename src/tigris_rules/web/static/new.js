// The page that creates a game: it sends a configuration and the seats' kinds, and shows
// the links the server answers (one per person's seat, a token in each link's fragment).
"use strict";

const $ = (id) => document.getElementById(id);
const SEAT_KINDS = [["here", "a person, in this browser"], ["link", "a person, on another browser"]];

async function options() {
  const response = await fetch("/api/options");
  const known = await response.json();
  for (const game of known.games) $("game").append(new Option(game, game));
  for (const variant of known.variants) {
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.name = "variant";
    box.value = variant;
    box.id = `variant-${variant}`;
    label.append(box, ` ${variant}`);
    $("variants").append(label);
  }
  for (const bot of known.bots) SEAT_KINDS.push([`bot:${bot}`, `the ${bot} bot`]);
  seats();
  shown();
}

function seats() {
  const count = Number($("players").value);
  const old = [...$("seats").querySelectorAll("select")].map((s) => s.value);
  $("seats").replaceChildren();
  for (let seat = 0; seat < count; seat++) {
    const row = document.createElement("label");
    row.className = "seat-row";
    const select = document.createElement("select");
    select.id = `seat-${seat}`;
    for (const [value, text] of SEAT_KINDS) select.append(new Option(text, value));
    select.value = old[seat] ?? (seat === 0 ? "here" : "bot:greedy");
    row.append(`Seat ${seat}: `, select);
    $("seats").append(row);
  }
}

function shown() {
  const board = $("game").value === "board";
  $("board-options").classList.toggle("hidden", !board);
  $("card-options").classList.toggle("hidden", board);
}

function config() {
  const game = $("game").value;
  const chosen = { game, players: Number($("players").value), open_scoring: $("open_scoring").checked };
  if (game === "board") {
    chosen.board = $("board").value;
    chosen.variants = [...document.querySelectorAll("input[name=variant]:checked")].map((b) => b.value);
    chosen.single_action_openers = Number($("single_action_openers").value);
  } else {
    chosen.column_limit = Number($("column_limit").value);
  }
  return chosen;
}

async function create(event) {
  event.preventDefault();
  $("error").textContent = "";
  const kinds = [...$("seats").querySelectorAll("select")].map((s) => s.value);
  const seed = $("seed").value === "" ? null : Number($("seed").value);
  const body = {
    config: config(),
    seed,
    seats: kinds.map((kind) => (kind.startsWith("bot:") ? kind : "person")),
  };
  const response = await fetch("/api/games", { method: "POST", body: JSON.stringify(body) });
  const answer = await response.json();
  if (!response.ok) {
    $("error").textContent = answer.error;
    return;
  }
  const base = `${location.origin}/table/${answer.game}`;
  const here = new URLSearchParams();
  const list = $("link-list");
  list.replaceChildren();
  const add = (text, href) => {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = href;
    link.textContent = href;
    item.append(`${text}: `, link);
    list.append(item);
  };
  kinds.forEach((kind, seat) => {
    const token = answer.tokens[String(seat)];
    if (kind === "here") here.set(String(seat), token);
    if (kind === "link") add(`Seat ${seat}`, `${base}#${seat}=${token}`);
  });
  if ([...here.keys()].length) add("This browser (hot seat)", `${base}#${here}`);
  add("Spectators", base);
  $("links").classList.remove("hidden");
  if ([...here.keys()].length && !kinds.includes("link")) location.assign(`${base}#${here}`);
}

$("players").addEventListener("change", seats);
$("game").addEventListener("change", shown);
$("new-game").addEventListener("submit", create);
options();
