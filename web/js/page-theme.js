// The reader's page theme, applied before the page is first drawn: a classic script in the head
// of every page (after its theme-color metas), because the page's modules run only once the
// document is parsed, too late not to flash the other theme. js/themes.js's applyPageTheme
// applies a choice the reader makes later; this applies the saved one.
try {
  const page = JSON.parse(localStorage.getItem("jetan.theme") || "{}").page;
  if (page === "light" || page === "dark") {
    document.documentElement.dataset.pageTheme = page;
    // The browser's bars in the chosen theme's colour, where a page has one for each scheme.
    for (const meta of /** @type {NodeListOf<HTMLMetaElement>} */ (document.querySelectorAll("meta[name=theme-color][data-scheme]"))) {
      meta.media = meta.dataset.scheme === page ? "all" : "not all";
    }
  }
} catch {
  // Storage denied (a sandboxed frame) or unreadable: the system's theme, as for a new reader.
}
