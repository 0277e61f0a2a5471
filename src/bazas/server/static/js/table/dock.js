// Issue 12 point 7, the phone: the bidding box and the action buttons are docked at the bottom of
// the screen (css: max-width 700px), and so is the replay bar of a finished deal. The page keeps a bottom margin of the dock's height, and
// the open request sits just above it: --actions-h and --dock-h on the root, measured here.

const $ = (sel) => document.querySelector(sel);
let observer = null;

function height(el) {
  if (!el || el.hidden) return 0;
  const style = getComputedStyle(el);
  return style.position === "fixed" && style.display !== "none" ? el.getBoundingClientRect().height : 0;
}

/** Measure the dock and set the page's margins. */
export function updateDock() {
  const actions = height($("#actions"));
  const bidbox = height($("#bidbox")) + height($("#replay-bar"));
  const root = document.documentElement.style;
  root.setProperty("--actions-h", `${Math.round(actions)}px`);
  root.setProperty("--dock-h", `${Math.round(actions + bidbox)}px`);
}

/** Keep the margins right as the dock changes size (a bid tapped, the language switched). */
export function watchDock() {
  if (observer || typeof ResizeObserver === "undefined") return;
  observer = new ResizeObserver(() => updateDock());
  for (const el of [$("#actions"), $("#bidbox"), $("#replay-bar")]) if (el) observer.observe(el);
  window.addEventListener("resize", updateDock);
}
