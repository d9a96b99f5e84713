// The Rules Submission editor shows a progressive meter's fields only while a wager or an
// option that brings the meter is chosen; the server renders the same on every load
// (rulesubmissions/forms.py, Editor._needed_by). A file, not inline: the CSP forbids inline.
function isSet(input) {
  if (!input) return false;
  return input.type === "checkbox" ? input.checked : input.value !== "";
}

function showNeededMeters() {
  for (const meter of document.querySelectorAll("#game-fields [data-needed-by]")) {
    const ids = meter.dataset.neededBy.split(" ");
    meter.hidden = !ids.some((id) => isSet(document.getElementById(id)));
  }
  for (const group of document.querySelectorAll("#game-fields [data-meter-group]")) {
    group.hidden = [...group.querySelectorAll(".meter")].every((m) => m.hidden);
  }
}

document.addEventListener("change", (event) => {
  if (event.target.closest("#game-fields")) showNeededMeters();
});
