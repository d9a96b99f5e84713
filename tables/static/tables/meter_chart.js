// The meter page's chart: the amount after each ledger row, drawn with uPlot (vendored).
(function () {
  var el = document.getElementById("meter-chart");
  if (!el || !window.uPlot) return;
  fetch(el.dataset.url, {credentials: "same-origin"}).then(function (r) { return r.json(); })
    .then(function (data) {
      var xs = data.points.map(function (p) { return p[0]; });
      var ys = data.points.map(function (p) { return Number(p[1]); });
      new uPlot({width: Math.max(el.clientWidth, 320), height: 240,
                 series: [{}, {label: "Meter ($)", stroke: "#1f6feb", width: 2}],
                 axes: [{}, {size: 90}]},
                [xs, ys], el);
      el.dataset.points = String(xs.length);
    });
})();
