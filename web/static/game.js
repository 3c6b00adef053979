// garou serve, the live game: the day's countdown and the live refresh. Hand-written, no
// framework; every page works without it (the countdown then shows the time at loading).
"use strict";
(function () {
  function show(box, left) {
    if (left === null || left === undefined || left === "") {
      box.dataset.left = "";
      return;
    }
    var end = Date.now() + Number(left) * 1000;
    box.dataset.end = String(end);
    box.dataset.left = String(left);
    tick(box);
  }

  function tick(box) {
    if (!box.dataset.end) return;
    var left = Math.max(0, Math.round((Number(box.dataset.end) - Date.now()) / 1000));
    if (left === 0) {
      box.textContent = box.dataset.done;
      box.classList.add("done");
      return;
    }
    var seconds = left % 60;
    box.textContent = Math.floor(left / 60) + ":" + (seconds < 10 ? "0" : "") + seconds;
    box.classList.remove("done");
  }

  var boxes = document.querySelectorAll("[data-countdown]");
  boxes.forEach(function (box) { show(box, box.dataset.left); });
  setInterval(function () { boxes.forEach(tick); }, 250);

  document.querySelectorAll("[data-poll]").forEach(function (poller) {
    var url = poller.dataset.poll;
    var known = poller.dataset.version;
    var busy = false;
    setInterval(function () {
      if (busy || document.hidden) return;
      busy = true;
      fetch(url, { credentials: "same-origin", cache: "no-store" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) {
          busy = false;
          if (!data) return;
          if (String(data.version) !== String(known)) {
            if (poller.dataset.mode === "reload") {
              window.location.reload();
              return;
            }
            var stale = document.querySelector("[data-stale]");
            if (stale) stale.hidden = false;
          }
          boxes.forEach(function (box) {
            var had = box.dataset.left;
            var now = data.timer === null ? "" : String(data.timer);
            if ((had === "") !== (now === "")) {
              if (poller.dataset.mode === "reload") { window.location.reload(); return; }
            }
            if (now !== "" && Math.abs(Number(now) - Number(box.dataset.left || 0)) > 2) {
              show(box, now);
            }
          });
        })
        .catch(function () { busy = false; });
    }, 2000);
  });
})();
