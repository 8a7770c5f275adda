// The Share button of a link (templates/macros.html, share_box): the phone's own share sheet (Web Share API)
// where there is one, otherwise the link is copied to the clipboard. The button shows once this script runs.
(() => {
  document.documentElement.dataset.shareBy = navigator.share ? "sheet" : "copy";  // app.css shows the buttons

  async function copy(button, url) {
    try {
      await navigator.clipboard.writeText(url);
    } catch (refused) {
      // No clipboard (an insecure page, or refused): select the link so a long press copies it.
      const link = button.closest(".share-box").querySelector(".share-link");
      getSelection().selectAllChildren(link);
      return;
    }
    const label = button.textContent;
    button.textContent = button.dataset.copied;
    setTimeout(() => { button.textContent = label; }, 2000);
  }

  document.addEventListener("click", async event => {
    const button = event.target.closest("button[data-share-url]");
    if (!button) return;
    const url = button.dataset.shareUrl;
    if (navigator.share) {
      try {
        await navigator.share({title: document.title, url});
        return;
      } catch (cancelled) {
        if (cancelled.name === "AbortError") return;  // the person closed the share sheet
      }
    }
    await copy(button, url);
  });
})();
