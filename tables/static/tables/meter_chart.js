// The meter page's chart: the amount after each ledger row, drawn with uPlot (vendored).
// Times are the property's (data-tz), on a 24-hour clock, as the ledger beside it writes them;
// one point still gets a readable axis (an hour either side, a few dollars above and below);
// tick labels keep 90 px apart so they never overlap. The page refreshes itself (htmx): when
// the amount shown changes, the chart fetches its points again.
(function () {
  var el = document.getElementById("meter-chart");
  if (!el || !window.uPlot) return;
  var tz = el.dataset.tz || "UTC";
  var plot = null, drawn = null;
  var dollars = new Intl.NumberFormat("en-US", {style: "currency", currency: "USD"});
  var whole = new Intl.NumberFormat("en-US", {style: "currency", currency: "USD",
                                               maximumFractionDigits: 0});
  var fmt = {
    day: uPlot.fmtDate("{YYYY}-{MM}-{DD}"),
    minute: uPlot.fmtDate("{HH}:{mm}"),
    dayMinute: uPlot.fmtDate("{MM}-{DD} {HH}:{mm}"),
    second: uPlot.fmtDate("{HH}:{mm}:{ss}"),
    full: uPlot.fmtDate("{YYYY}-{MM}-{DD} {HH}:{mm}:{ss}")
  };
  function local(ts) { return uPlot.tzDate(new Date(ts * 1e3), tz); }

  function timeLabels(u, splits, axis, space, incr) {
    var pattern = incr >= 86400 ? fmt.day : incr >= 60 ? fmt.minute : fmt.second;
    var lastDay = null;
    var labels = splits.map(function (ts) {
      var d = local(ts), dayKey = fmt.day(d);
      // The first tick of each day carries the date when the ticks are hours or minutes.
      var text = pattern === fmt.minute && dayKey !== lastDay ? fmt.dayMinute(d) : pattern(d);
      lastDay = dayKey;
      return text;
    });
    el.dataset.ticks = labels.join("|");  // what the axis reads, for the browser tests
    return labels;
  }

  // uPlot widens a single time point by a day in milliseconds (years, for our seconds): the
  // x scale is ours, an hour either side of one point.
  function xBounds(xs) {
    var min = Math.min.apply(null, xs), max = Math.max.apply(null, xs);
    return min === max ? [min - 3600, max + 3600] : [min, max];
  }

  function yRange(u, min, max) {
    var pad = Math.max((max - min) * 0.1, 5);
    return [Math.max(0, min - pad), max + pad];
  }

  function draw(points) {
    var xs = points.map(function (p) { return p[0]; });
    var ys = points.map(function (p) { return Number(p[1]); });
    el.dataset.points = String(xs.length);
    if (!xs.length) return;
    var bounds = xBounds(xs);
    if (plot) {
      plot.setData([xs, ys], false);
      plot.setScale("x", {min: bounds[0], max: bounds[1]});
      return;
    }
    plot = new uPlot({
      width: Math.max(el.clientWidth, 320), height: 240, tzDate: local,
      scales: {x: {time: true, auto: false, range: function () { return bounds; }},
               y: {range: yRange}},
      series: [
        {label: "Time", value: function (u, ts) { return ts == null ? "" : fmt.full(local(ts)); }},
        // A meter holds its amount until the next ledger row: drawn as steps, not slopes.
        {label: "Meter", stroke: "#1f6feb", width: 2, points: {show: true, size: 6},
         paths: uPlot.paths && uPlot.paths.stepped ? uPlot.paths.stepped({align: 1}) : undefined,
         value: function (u, v) { return v == null ? "" : dollars.format(v); }}
      ],
      axes: [
        {space: 90, values: timeLabels},
        {size: 100, space: 40, values: function (u, splits, axis, space, incr) {
          var shown = incr % 1 === 0 ? whole : dollars;  // $2.50 steps keep their cents
          return splits.map(function (v) { return shown.format(v); });
        }}
      ]
    }, [xs, ys], el);
    plot.setScale("x", {min: bounds[0], max: bounds[1]});
    window.addEventListener("resize", function () {
      plot.setSize({width: Math.max(el.clientWidth, 320), height: 240});
    });
  }

  function refresh() {
    var amount = document.getElementById("meter-amount");
    var now = amount ? amount.dataset.amount : null;
    if (plot && now === drawn) return;
    drawn = now;
    fetch(el.dataset.url, {credentials: "same-origin"})
      .then(function (r) { return r.json(); })
      .then(function (data) { draw(data.points); });
  }

  refresh();
  document.body.addEventListener("htmx:afterSettle", refresh);
  document.body.addEventListener("htmx:oobAfterSwap", refresh);
})();
