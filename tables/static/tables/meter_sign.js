// The meter sign follows its meters without a reload: every second it asks for its state with
// the version it shows (If-None-Match); the server answers 304 while nothing changed.
(function () {
  "use strict";
  var sign = document.getElementById("sign");
  if (!sign) { return; }
  var url = sign.dataset.state;
  var etag = sign.dataset.etag || "";
  var PERIOD = 1000;

  function span(cls, text) {
    var s = document.createElement("span");
    s.className = cls;
    s.textContent = text;
    return s;
  }

  function show(state) {
    document.getElementById("sign-title").textContent = state.title;
    document.getElementById("sign-notice").hidden = state.in_play;
    sign.classList.toggle("idle", !state.in_play);
    var list = document.getElementById("sign-meters");
    var items = state.meters.map(function (m) {
      var li = document.createElement("li");
      li.className = "meter";
      li.appendChild(span("name", m.name));
      li.appendChild(span("amount", m.amount));
      if (m.jackpot_pending) { li.appendChild(span("pending", "Jackpot pending")); }
      if (m.won_at) { li.appendChild(span("won", "Won at " + m.won_at)); }
      return li;
    });
    list.replaceChildren.apply(list, items);
  }

  function gone() {
    var notice = document.getElementById("sign-notice");
    notice.textContent = "This sign is no longer in use";
    notice.hidden = false;
    document.getElementById("sign-meters").replaceChildren();
  }

  function poll() {
    fetch(url, {cache: "no-store", credentials: "omit", headers: {"If-None-Match": etag}})
      .then(function (response) {
        if (response.status === 404) { gone(); return null; }
        if (response.status === 200) {
          etag = response.headers.get("ETag") || "";
          return response.json().then(show).then(function () { return true; });
        }
        return true;  // 304: unchanged; anything else: try again
      })
      .catch(function () { return true; })
      .then(function (again) { if (again) { setTimeout(poll, PERIOD); } });
  }

  setTimeout(poll, PERIOD);
})();
