// The jackpot notice (tables/shift): on every page of staff who validate or pay jackpot slips,
// asks every few seconds for the jackpots waiting for them with the version it shows
// (If-None-Match); the server answers 304 while nothing changed. A jackpot not seen before in
// this browser tab is announced (the aria-live line) and, where the browser lets a page play
// sound, chimes: two short tones made with the Web Audio API, no audio file.
(function () {
  "use strict";
  var region = document.getElementById("jackpot-notice");
  if (!region || !window.fetch) { return; }
  var list = document.getElementById("jackpot-notice-list");
  var announce = document.getElementById("jackpot-announce");
  var url = region.dataset.url;
  var PERIOD = Number(region.dataset.period) || 5000;
  var SEEN = "jackpot-notice-seen";
  var etag = "";
  var audio = null;

  // Browsers start sound only after the person has used the page: unlock at the first touch.
  function unlock() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) { return; }
    if (!audio) { audio = new Context(); }
    if (audio.state === "suspended") { audio.resume(); }
  }
  ["pointerdown", "keydown"].forEach(function (type) {
    document.addEventListener(type, unlock, {passive: true});
  });

  function tone(at, frequency) {
    var osc = audio.createOscillator();
    var gain = audio.createGain();
    osc.type = "sine";
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start(at);
    osc.stop(at + 0.3);
  }

  function chime() {
    if (!audio || audio.state !== "running") { return; }
    var now = audio.currentTime;
    tone(now, 880);
    tone(now + 0.3, 1320);
    region.dataset.chimes = String(Number(region.dataset.chimes || 0) + 1);
  }

  function seen() {
    try { return JSON.parse(sessionStorage.getItem(SEEN) || "[]"); } catch (e) { return []; }
  }

  function show(html) {
    list.innerHTML = html;
    var items = Array.prototype.slice.call(list.querySelectorAll("li[data-slip]"));
    var before = seen();
    var fresh = items.filter(function (li) { return before.indexOf(li.dataset.slip) < 0; });
    region.hidden = items.length === 0;
    try {
      sessionStorage.setItem(SEEN, JSON.stringify(items.map(function (li) {
        return li.dataset.slip;
      })));
    } catch (e) { /* private mode: every page announces again */ }
    if (fresh.length) {
      announce.textContent = fresh.map(function (li) {
        return li.textContent.replace(/\s+/g, " ").trim();
      }).join(". ");
      chime();
    }
  }

  function poll() {
    fetch(url, {cache: "no-store", credentials: "same-origin",
                headers: {"If-None-Match": etag}})
      .then(function (response) {
        if (response.status === 200) {
          etag = response.headers.get("ETag") || "";
          return response.text().then(show).then(function () {
            region.dataset.etag = etag;  // what it shows (and a sign it has been asked)
            return true;
          });
        }
        // 304: unchanged; 5xx: the server was busy, try again; 204 or 4xx (signed out, no
        // longer a validator): stop asking.
        return response.status === 304 || response.status >= 500;
      })
      .catch(function () { return true; })
      .then(function (again) { if (again) { setTimeout(poll, PERIOD); } });
  }

  poll();
})();
