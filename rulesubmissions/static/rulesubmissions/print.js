// The print view's Print button (no inline script: the Content-Security-Policy forbids it).
document.getElementById("print-button")?.addEventListener("click", () => window.print());
