// The jackpot record form's card grid (no inline script: the Content-Security-Policy forbids
// it). A picked card goes into the card box last clicked; the form then asks for a preview.
(function () {
  var form = document.getElementById("record-form");
  if (!form) return;
  var target = form.querySelector(".cards-input");
  form.addEventListener("focusin", function (e) {
    if (e.target.classList.contains("cards-input")) target = e.target;
  });
  form.querySelectorAll("[data-card]").forEach(function (button) {
    button.addEventListener("click", function () {
      if (!target) return;
      target.value = (target.value.trim() + " " + button.dataset.card).trim();
      target.focus();
      form.dispatchEvent(new Event("cards-picked"));
    });
  });
  // One slip per click: the form's key makes a second submit harmless, this keeps it rare.
  form.addEventListener("submit", function () {
    document.getElementById("record-submit").disabled = true;
  });
})();
