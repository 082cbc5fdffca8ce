/**
 * What leaving a field changes on screen (its problem appears, a list of suggestions closes) waits for a press in
 * progress to end. Pressing a button (a mouse, a finger, a pen) moves focus, so the field is left as the press starts;
 * a message appearing then, or a list closing, moves the button from under the pointer before the press is
 * released, the release lands elsewhere and the click is lost: the customer pressed Continue and nothing happened.
 * So during a press the change waits until its click has been handled (a submit checks every field anyway), and
 * with the keyboard, or with no press in progress, it happens at once.
 *
 * The listeners are on the window, in the capture phase: every press in the document counts, whichever element
 * receives it.
 */
let pressing = false;
let fallback: ReturnType<typeof setTimeout> | undefined;
const waiting: Array<() => void> = [];

function wait(ms: number): void {
  clearTimeout(fallback);
  fallback = setTimeout(release, ms);
}

function release(): void {
  clearTimeout(fallback);
  pressing = false;
  for (const change of waiting.splice(0)) change();
}

addEventListener(
  'pointerdown',
  () => {
    pressing = true;
    // A press whose release never reaches the page (a native pop-up took it, the window lost focus): not for long.
    wait(1500);
  },
  true,
);
// The click follows the release in the same task (a mouse) or a moment later (a tap): what waited happens in the
// task after the click, once its own handlers have run.
addEventListener('click', () => setTimeout(release), true);
// A touch that became a scroll: no click is coming.
addEventListener('pointercancel', release, true);
// A release with no click after it (another mouse button, a press dragged off its element): a moment later all the same.
addEventListener('pointerup', () => wait(500), true);
// The keyboard in use: no press is.
addEventListener('keydown', release, true);

/** Runs `change` now, or once the press in progress has ended and its click has been handled. */
export function afterPress(change: () => void): void {
  if (pressing) waiting.push(change);
  else change();
}
