// A file dropped anywhere on the page, with `overlay` shown while one is dragged over it: the pair
// explorer's pair files (main.ts) and the decomposition page's meshes (decompose-page.ts).

/** Calls `open` with the first file dropped on the window; shows `overlay` while a drag is over it. */
export function onFileDrop(overlay: HTMLElement, open: (file: File) => void): void {
  window.addEventListener('dragover', (e) => {
    e.preventDefault();
    overlay.hidden = false;
  });
  window.addEventListener('dragleave', (e) => {
    if (e.relatedTarget === null) overlay.hidden = true;
  });
  window.addEventListener('drop', (e) => {
    e.preventDefault();
    overlay.hidden = true;
    const file = e.dataTransfer?.files[0];
    if (file) open(file);
  });
}
