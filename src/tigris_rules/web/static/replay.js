// The replay page: the server reads the log (JSON or text record), replays it through the
// rules and draws the position after any number of its inputs.
"use strict";

const $ = (id) => document.getElementById(id);
let text = "";
let steps = 0;

async function show(step) {
  const response = await fetch("/api/replay", { method: "POST", body: JSON.stringify({ log: text, step }) });
  const answer = await response.json();
  if (!response.ok) {
    $("error").textContent = answer.problems ? `${answer.error}\n${answer.problems.map((p) => p.join(": ")).join("\n")}` : answer.error;
    return;
  }
  $("error").textContent = "";
  steps = answer.steps;
  $("player").classList.remove("hidden");
  $("slider").max = steps;
  $("slider").value = answer.step;
  $("where").textContent = `${answer.step} / ${steps}`;
  $("move").textContent = answer.step ? `Input ${answer.step}, seat ${answer.seat}: ${answer.notation}` : "The opening.";
  $("move-events").replaceChildren(...answer.events.map((sentence) => {
    const item = document.createElement("li");
    item.textContent = sentence;
    return item;
  }));
  $("board").innerHTML = answer.svg; // drawn by the library
}

const at = () => Number($("slider").value);
$("load").addEventListener("click", () => { text = $("log").value; show(0); });
$("file").addEventListener("change", async () => {
  text = await $("file").files[0].text();
  $("log").value = text;
  show(0);
});
$("first").addEventListener("click", () => show(0));
$("previous").addEventListener("click", () => show(Math.max(0, at() - 1)));
$("next").addEventListener("click", () => show(Math.min(steps, at() + 1)));
$("last").addEventListener("click", () => show(steps));
$("slider").addEventListener("change", () => show(at()));
document.addEventListener("keydown", (event) => {
  if (event.target.tagName === "TEXTAREA" || !steps) return;
  if (event.key === "ArrowRight") show(Math.min(steps, at() + 1));
  if (event.key === "ArrowLeft") show(Math.max(0, at() - 1));
});

const wanted = new URLSearchParams(location.hash.slice(1)).get("game");
if (wanted) {
  fetch(`/api/games/${encodeURIComponent(wanted)}/log?format=json`).then(async (response) => {
    text = await response.text();
    if (!response.ok) {
      $("error").textContent = JSON.parse(text).error;
      return;
    }
    $("log").value = text;
    show(0);
  });
}
