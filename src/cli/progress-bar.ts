/**
 * A one-line progress bar for a terminal (`decompose` on a TTY's stderr): redrawn in place with `\r`, and
 * wiped at the end so the messages after it start on a clean line. Only for a terminal: in a file or a
 * pipe the carriage returns would be noise, so the CLI makes no bar there.
 */

/** Cells of the bar. Short enough for an 80-column terminal with the label and the percentage. */
const WIDTH = 30;

/** A bar: `update` with the fraction done (0 to 1), `finish` to wipe it. */
export interface ProgressBar {
  update(fraction: number): void;
  finish(): void;
}

/**
 * A bar labelled `label`, drawn by `write` (the terminal's stderr). It redraws only when the whole percent
 * changes: the decomposition reports after every cut and merge, and a terminal write per report would
 * cost more than some cuts.
 */
export function createProgressBar(label: string, write: (text: string) => void): ProgressBar {
  let shown = -1;
  return {
    update(fraction) {
      // (The library's fractions increase within [0, 1]; the clamp only keeps a bad value from breaking the line.)
      const percent = Math.floor(100 * Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0)));
      if (percent === shown) return;
      shown = percent;
      const full = Math.round((WIDTH * percent) / 100);
      write(`\r${label} [${'#'.repeat(full)}${'-'.repeat(WIDTH - full)}] ${String(percent).padStart(3)}%`);
    },
    finish() {
      // Carriage return, then erase to the end of the line (ECMA-48 EL 0).
      if (shown >= 0) write('\r\u001b[K');
      shown = -1;
    },
  };
}
