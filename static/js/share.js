// Share panels (rooms and scoresheets): tapping the link's box selects it, ready to copy. A listener
// here, not an onclick attribute: the Content-Security-Policy runs no inline code.
document.addEventListener("click", event => {
  const link = event.target.closest(".share-link");
  if (link) link.select();
});
