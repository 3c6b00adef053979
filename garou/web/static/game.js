// garou serve, the live game: the countdown and the live refresh. Hand-written, no
// framework; every page works without it (the countdown then shows the time at loading).
// The server reads each countdown from the game's journal (its start, pauses, resumes and
// stop are events with their times): this script only ticks the number it was given down
// while the countdown runs, and asks the server again every two seconds.
"use strict";
(function () {
  function paint(box, left) {
    if (box.dataset.state === "over" || (box.dataset.state === "running" && left <= 0)) {
      box.textContent = box.dataset.done;
      box.classList.add("done");
      return;
    }
    var seconds = left % 60;
    box.textContent = Math.floor(left / 60) + ":" + (seconds < 10 ? "0" : "") + seconds;
    box.classList.remove("done");
  }

  function show(box, timer) {
    box.dataset.state = timer.state;
    box.dataset.label = timer.label || "";
    box.dataset.left = String(timer.left);
    box.dataset.end = String(Date.now() + Number(timer.left) * 1000);
    paint(box, Number(timer.left));
  }

  function tick(box) {
    if (box.dataset.state !== "running" || !box.dataset.end) return;
    var left = Math.max(0, Math.ceil((Number(box.dataset.end) - Date.now()) / 1000));
    paint(box, left);
  }

  function shown(box) {
    if (box.dataset.state !== "running") return Number(box.dataset.left);
    return Math.max(0, Math.ceil((Number(box.dataset.end) - Date.now()) / 1000));
  }

  // The correction form: picking an event fills in its kind and values, to be edited.
  document.querySelectorAll("[data-correct-seq]").forEach(function (select) {
    select.addEventListener("change", function () {
      var option = select.options[select.selectedIndex];
      var form = select.form;
      form.querySelector("[data-correct-kind]").value = option.dataset.kind;
      form.querySelector("[data-correct-values]").value = option.dataset.values;
    });
  });

  // The vote's form: each pick is kept in the game's journal at once (the draft the
  // terminal keeps too), so that a phone that sleeps or reloads finds the ballots again.
  document.querySelectorAll("form[data-draft]").forEach(function (form) {
    form.addEventListener("change", function () {
      var body = new FormData(form);
      fetch(form.dataset.draft, { method: "POST", body: body, credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) {
          if (data && data.saved) form.dataset.saved = String(Date.now());
          var revision = form.querySelector("[name=draft_revision]");
          if (data && data.saved && revision && data.revision) revision.value = data.revision;
          if (data && (data.stale || data.changed)) {  // another screen moved on, or typed
            var notice = document.querySelector("[data-stale]");
            if (notice) notice.hidden = false;
          }
        })
        .catch(function () {});
    });
  });

  var boxes = document.querySelectorAll("[data-countdown]");
  boxes.forEach(function (box) {
    show(box, { state: box.dataset.state, label: box.dataset.label, left: box.dataset.left });
  });
  setInterval(function () { boxes.forEach(tick); }, 250);

  // Once this page is leaving (its own form sent, or a reload asked for), it stops asking:
  // a poll answered meanwhile would say "another screen recorded" about the page's own
  // action, or ask for the reload again and again while the new page is on its way.
  var leaving = false;
  document.addEventListener("submit", function () { leaving = true; });
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) leaving = false;  // back on this page from the browser's cache
  });

  document.querySelectorAll("[data-poll]").forEach(function (poller) {
    var url = poller.dataset.poll;
    var known = poller.dataset.version;
    var reload = poller.dataset.mode === "reload";
    var busy = false;
    function stale() {
      if (reload) { leaving = true; window.location.reload(); return; }
      var notice = document.querySelector("[data-stale]");
      if (notice) notice.hidden = false;
    }
    setInterval(function () {
      if (busy || leaving || document.hidden) return;
      busy = true;
      fetch(url, { credentials: "same-origin", cache: "no-store" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) {
          busy = false;
          if (!data || leaving) return;
          if (String(data.version) !== String(known)) { stale(); return; }
          var timer = data.timer;
          if (!timer) return;
          boxes.forEach(function (box) {
            if (box.dataset.label !== (timer.label || "") || box.dataset.state !== timer.state) {
              show(box, timer);  // the server's word: another screen paused or stopped it
            } else if (Math.abs(shown(box) - Number(timer.left)) > 1) {
              show(box, timer);  // this phone's clock drifts: take the server's time left
            }
          });
        })
        .catch(function () { busy = false; });
    }, 2000);
  });
})();
