// garou serve: the count of cards against the number of players, as they are typed.
// Nothing else needs a script: every page works without it.
"use strict";
document.querySelectorAll("[data-counts]").forEach(function (box) {
  var total = box.querySelector("[data-total]");
  var players = box.querySelector("[data-players]");
  if (!total) return;
  function update() {
    var cards = 0;
    box.querySelectorAll("[data-count]").forEach(function (input) {
      var n = parseInt(input.value, 10);
      if (n > 0) cards += n;
    });
    var wanted = parseInt(players && players.value, 10);
    total.textContent = total.dataset.template
      .replace("{cards}", String(cards))
      .replace("{players}", wanted > 0 ? String(wanted) : "?");
    total.classList.toggle("mismatch", wanted > 0 && cards > 0 && cards !== wanted);
  }
  box.addEventListener("input", update);
  update();
});
