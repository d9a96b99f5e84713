// The Rules Submission editor shows a wager's paytable choice and a progressive meter's fields
// only while the wager or an option that brings them is chosen; the server renders the same on
// every load and saves neither for a wager not offered (rulesubmissions/forms.py,
// Editor._needed_by and terms_from_post). A file, not inline: the CSP forbids inline.
function isSet(input) {
  if (!input) return false;
  return input.type === "checkbox" ? input.checked : input.value !== "";
}

function showNeeded() {
  for (const block of document.querySelectorAll("#game-fields [data-needed-by]")) {
    const ids = block.dataset.neededBy.split(" ");
    block.hidden = !ids.some((id) => isSet(document.getElementById(id)));
  }
  for (const group of document.querySelectorAll("#game-fields [data-meter-group]")) {
    group.hidden = [...group.querySelectorAll(".meter")].every((m) => m.hidden);
  }
}

document.addEventListener("change", (event) => {
  if (event.target.closest("#game-fields")) showNeeded();
});
