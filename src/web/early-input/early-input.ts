/**
 * Keeps what a person types and presses before the app has taken the page over, and
 * hands it to the app once it has (decision 035). A server-rendered page is on screen,
 * with its fields and buttons, seconds before React has hydrated it on a slow phone; the
 * browser would let a person type into a field that React then resets, and a press would
 * reach no handler (or, on a form's button, post the form to the page's own address).
 *
 * This runs inline in the page's head, before anything else, so it is self-contained:
 * nothing but the browser, and the attribute names shared with the app's boundaries. Until
 * `<html data-app-ready>` (set when React has committed the page, src/web/main.tsx) it
 * notes each field typed into and holds every press of a button, every form submission and
 * every key pressed outside a field back from the page. Once the app is ready it replays
 * them in order: each field's text is given to React as typed input, each press, submission
 * or key is made again, waiting each time until React has taken over the part of the page
 * it lands on.
 */
import { BOUNDARY_ATTRIBUTE, TAKE_OVER_EVENT, TAKEN_OVER_ATTRIBUTE } from "../lib/boundary-markers";

/** What a press before the app runs may land on: a button of any kind. Links work without the app, as links. */
const PRESSABLE = 'button, input[type="submit"], input[type="button"], input[type="image"], [role="button"]';
/** The element the app renders into. */
const APP_ROOT = "#root";
/** Set on <html> by the app once React has committed the page. */
const READY_ATTRIBUTE = "data-app-ready";
/**
 * How long, from the app's start, a replay waits for the boundaries around what it lands on to say they are
 * committed: as long as a slow phone on a poor connection may take to fetch a part's code and data. A step on
 * a part still not taken over by then is dropped: React would not hear it, and a press could post a form.
 */
const BOUNDARY_WAIT_MS = 120_000;
/** How long it then waits for React's own mark on the element (its fiber), before making it anyway. */
const FIBER_WAIT_MS = 10_000;
const TAKEOVER_POLL_MS = 16;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
/** A key pressed on the page (not into a field), as React's handlers read it. */
type Key = Pick<KeyboardEvent, "key" | "code" | "shiftKey">;
type Step =
  | { kind: "type"; field: Field; value: string; checked: boolean }
  | { kind: "press"; target: HTMLElement }
  | { kind: "submit"; form: HTMLFormElement }
  | { kind: "key"; target: Element; key: Key; focused: boolean };

/**
 * Keys that are not kept: Tab moves focus and needs no app; Enter and Space on a button make
 * the browser click it, and the click is kept as a press; modifiers alone do nothing; a
 * shortcut with Ctrl, Alt or Meta belongs to the browser.
 */
const KEYS_NOT_KEPT = new Set(["Tab", "Enter", " ", "Shift", "Control", "Alt", "Meta", "CapsLock"]);

const isField = (win: Window & typeof globalThis, target: EventTarget | null): target is Field =>
  target instanceof win.HTMLInputElement || target instanceof win.HTMLTextAreaElement || target instanceof win.HTMLSelectElement;
const typeStepOf = (steps: Step[], field: Field) => steps.find((step): step is Extract<Step, { kind: "type" }> => step.kind === "type" && step.field === field);
/** Notes the field's text now as what to give back: its last text is what counts, its place in the order where it was first typed in. */
function noteTyped(steps: Step[], field: Field): void {
  const known = typeStepOf(steps, field);
  if (known) Object.assign(known, { value: field.value, checked: isCheckable(field) && field.checked });
  else steps.push({ kind: "type", field, value: field.value, checked: isCheckable(field) && field.checked });
}

export function captureEarlyInput(win: Window & typeof globalThis): void {
  const root = win.document.documentElement;
  const isReady = () => root.hasAttribute(READY_ATTRIBUTE);
  const steps: Step[] = [];

  const onType = (event: Event) => {
    if (isReady() || !isField(win, event.target)) return;
    noteTyped(steps, event.target);
  };
  const onPress = (event: Event) => {
    if (isReady()) return;
    const target = event.target instanceof win.Element ? event.target.closest<HTMLElement>(PRESSABLE) : null;
    if (!target || target.matches(":disabled")) return;
    // Held back from the page: no handler would answer it yet, and a form's button would post the form to this address.
    event.preventDefault();
    event.stopImmediatePropagation();
    steps.push({ kind: "press", target });
  };
  // A key on a part of the page that answers keys (a list of questions moved through with the arrows, a menu):
  // held back from the page like a press, so that a handler attached meanwhile does not hear it twice.
  // Not prevented: what the browser does with it (scrolling) still happens.
  const onKey = (event: Event) => {
    if (isReady() || !(event instanceof win.KeyboardEvent) || !(event.target instanceof win.Element)) return;
    if (KEYS_NOT_KEPT.has(event.key) || event.ctrlKey || event.altKey || event.metaKey || takesText(win, event.target)) return;
    // Only a part of the app answers keys: one pressed with nothing focused (on <body>) scrolls the page, and nothing takes it over.
    if (!event.target.closest(APP_ROOT)) return;
    event.stopImmediatePropagation();
    steps.push({ kind: "key", target: event.target, key: { key: event.key, code: event.code, shiftKey: event.shiftKey }, focused: event.target === win.document.activeElement });
  };
  const onSubmit = (event: Event) => {
    if (isReady() || !(event.target instanceof win.HTMLFormElement)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    steps.push({ kind: "submit", form: event.target });
  };

  win.addEventListener("input", onType, true);
  win.addEventListener("change", onType, true);
  win.addEventListener("click", onPress, true);
  win.addEventListener("submit", onSubmit, true);
  win.addEventListener("keydown", onKey, true);

  const whenReady = () => {
    win.removeEventListener("input", onType, true);
    win.removeEventListener("change", onType, true);
    win.removeEventListener("click", onPress, true);
    win.removeEventListener("submit", onSubmit, true);
    win.removeEventListener("keydown", onKey, true);
    void replay(win, steps);
  };
  if (isReady()) return whenReady();
  const watch = new win.MutationObserver(() => {
    if (!isReady()) return;
    watch.disconnect();
    whenReady();
  });
  watch.observe(root, { attributes: true, attributeFilter: [READY_ATTRIBUTE] });
}

async function replay(win: Window & typeof globalThis, steps: Step[]) {
  const deadline = Date.now() + BOUNDARY_WAIT_MS;
  // A field typed into again once its part is taken over has its text from the app itself: nothing to give back.
  // Typed into again before that, React did not hear it either: its new text is what is given back.
  const retypedSince = new Set<EventTarget>();
  const noteRetyped = (event: Event) => {
    if (ownEvents.has(event) || !event.target) return;
    if (isField(win, event.target) && !boundariesCommitted(event.target) && typeStepOf(steps, event.target)) noteTyped(steps, event.target);
    else retypedSince.add(event.target);
  };
  win.addEventListener("input", noteRetyped, true);
  let lastKeyTarget: Element | null = null;
  const keyOn = (element: Element | null) => element ?? win.document.body;
  try {
    for (const step of steps) {
      const element = step.kind === "type" ? step.field : step.kind === "submit" ? step.form : step.target;
      // The page it was pressed on is gone (the app navigated): there is nothing to make it on.
      if (!element.isConnected) continue;
      const committed = await takenOver(win, element, deadline);
      // React replaced it meanwhile (a part rendered afresh rather than taken over), or never took its part over.
      if (!element.isConnected || !committed) continue;
      if (step.kind === "type" && !retypedSince.has(step.field)) giveBack(win, step);
      else if (step.kind === "press" && !step.target.matches(":disabled")) press(win, step.target);
      else if (step.kind === "submit") step.form.requestSubmit();
      else if (step.kind === "key") keyOn(step.focused && step.target === lastKeyTarget ? win.document.activeElement : step.target).dispatchEvent(new win.KeyboardEvent("keydown", { ...step.key, bubbles: true, cancelable: true }));
      // Keys pressed one after another on one element (ArrowDown, ArrowDown) went where focus was; the first may have moved it.
      lastKeyTarget = step.kind === "key" ? step.target : null;
    }
  } finally {
    win.removeEventListener("input", noteRetyped, true);
  }
}

/**
 * Makes a held press again as a pointer makes one: down, up, then the click. Some controls answer
 * the press itself rather than its click (a tab switches on mouse-down, a menu opens on
 * pointer-down), and the person's own down and up reached the page before anything listened.
 * As in a browser, a pointer-down the page prevents is followed by no mouse-down or mouse-up, and
 * a mouse-down it does not prevent focuses what was pressed.
 */
function press(win: Window & typeof globalThis, target: HTMLElement) {
  const mouse = { bubbles: true, cancelable: true, composed: true, view: win, button: 0, buttons: 1 };
  const pointer = { ...mouse, pointerId: 1, pointerType: "mouse", isPrimary: true };
  const mouseEventsFollow = !win.PointerEvent || target.dispatchEvent(new win.PointerEvent("pointerdown", pointer));
  if (mouseEventsFollow && target.dispatchEvent(new win.MouseEvent("mousedown", mouse))) target.focus({ preventScroll: true });
  if (win.PointerEvent) target.dispatchEvent(new win.PointerEvent("pointerup", { ...pointer, buttons: 0 }));
  if (mouseEventsFollow) target.dispatchEvent(new win.MouseEvent("mouseup", { ...mouse, buttons: 0 }));
  target.click();
}

/**
 * Waits until React has taken `element` over. Every Suspense boundary around server-rendered
 * content says on its wrapper when React has committed it (committed-boundary.tsx; an island
 * is one): until then an event on the part is dropped by React whenever it cannot hydrate the
 * boundary on the spot, its code or data still coming. That wait is our own attribute's, as
 * long as the part takes, until BOUNDARY_WAIT_MS after the app started: answers false for a part
 * still not taken over then. React also marks an element with its
 * own fiber property (named so by react-dom since React 17) while it renders it, which the
 * element outside every boundary has once the page is ready: that wait is bounded by
 * FIBER_WAIT_MS, so a react-dom that named it otherwise would delay a replay, not lose it.
 * Reading the fiber alone is not enough: React sets it before committing, and a render of a
 * boundary can be set aside (it yields or suspends), so text given back then was reset by the
 * commit that followed, or never heard (decision 053). An element React has removed meanwhile
 * ends the wait.
 */
async function takenOver(win: Window & typeof globalThis, element: Element, deadline: number): Promise<boolean> {
  // A deferred island waits to be needed (islands.tsx): this says it is, wherever the screen has scrolled since.
  element.dispatchEvent(new win.Event(TAKE_OVER_EVENT, { bubbles: true }));
  await waitFor(win, () => boundariesCommitted(element), deadline, element);
  if (!boundariesCommitted(element)) return false;
  await waitFor(win, () => Object.keys(element).some((key) => key.startsWith("__reactFiber$")), Date.now() + FIBER_WAIT_MS, element);
  return true;
}

/** Whether every boundary `element` is in says its content is committed. */
function boundariesCommitted(element: Element): boolean {
  for (let boundary = element.closest(`[${BOUNDARY_ATTRIBUTE}]`); boundary; boundary = boundary.parentElement?.closest(`[${BOUNDARY_ATTRIBUTE}]`) ?? null) {
    if (!boundary.hasAttribute(TAKEN_OVER_ATTRIBUTE)) return false;
  }
  return true;
}

/** Resolves once `done()` holds, `element` has left the page, or `deadline` (ms since the epoch) has passed. */
function waitFor(win: Window & typeof globalThis, done: () => boolean, deadline: number, element: Element): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (done() || !element.isConnected || Date.now() > deadline) resolve();
      else win.setTimeout(check, TAKEOVER_POLL_MS);
    };
    check();
  });
}

/** Where a key is typing: a field's own keys reach it natively, and its text is kept as typed. */
function takesText(win: Window & typeof globalThis, target: Element): boolean {
  if (target instanceof win.HTMLTextAreaElement || target instanceof win.HTMLSelectElement) return true;
  if (target instanceof win.HTMLInputElement) return !["button", "submit", "reset", "checkbox", "radio", "image"].includes(target.type);
  return target instanceof win.HTMLElement && target.isContentEditable;
}

/** The events the replay itself dispatches to give text back: not a person typing again. */
const ownEvents = new WeakSet<Event>();

const isCheckable = (field: Field): field is HTMLInputElement => field.tagName === "INPUT" && (field.type === "checkbox" || field.type === "radio");

/**
 * Gives the field's text back as typed input React hears. React notes the last value it
 * saw through the element's own `value` property; emptying it that way and putting the
 * text back through the prototype's makes the input event below a change to React.
 */
function giveBack(win: Window & typeof globalThis, step: Extract<Step, { kind: "type" }>) {
  const { field } = step;
  if (isCheckable(field)) {
    // React hears a checkbox or radio button through its click: set the other way, the click puts it back as the person left it.
    if (field.type === "radio" && !step.checked) return;
    field.checked = !step.checked;
    field.click();
    return;
  }
  const prototype = Object.getPrototypeOf(field) as object;
  const setValue = Object.getOwnPropertyDescriptor(prototype, "value")?.set;
  field.value = "";
  if (setValue) setValue.call(field, step.value);
  else field.value = step.value;
  for (const type of ["input", "change"]) {
    const event = new win.Event(type, { bubbles: true });
    ownEvents.add(event);
    field.dispatchEvent(event);
  }
}
