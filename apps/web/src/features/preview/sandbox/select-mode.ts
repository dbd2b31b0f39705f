/**
 * Select mode in the frame (issue 53): while it is on, the element under the pointer that says
 * where its tag is written (SOURCE_ATTRIBUTE: the JSX runtime's, or annotateHtml's) is outlined,
 * and a click selects it instead of reaching the page. From the keyboard, Tab and Shift+Tab walk
 * those elements in page order, Enter or Space selects, Escape leaves. What is reported is only
 * what the element says of itself; the app checks it against the project's files.
 */
import {
  SELECT_CLASSES_MAX,
  SELECT_TEXT_MAX,
  type SelectedElement,
  SOURCE_ATTRIBUTE,
} from './protocol.ts';

export interface SelectModeEvents {
  select(element: SelectedElement): void;
  /** Escape: the app turns select mode off. */
  exit(): void;
}

const SELECTOR = `[${SOURCE_ATTRIBUTE}]`;
/** Pointer events the page must not see while select mode is on (a click on a button, a drag). */
const SWALLOWED = ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'dblclick', 'submit'];
const OUTLINE_STYLE = [
  'position:fixed',
  'pointer-events:none',
  'z-index:2147483647',
  'box-sizing:border-box',
  'border:2px solid #6366f1',
  'border-radius:3px',
  'background:rgba(99,102,241,0.08)',
  'display:none',
].join(';');
const LABEL_STYLE = [
  'position:absolute',
  'left:-2px',
  'bottom:100%',
  'font:600 11px/1.6 system-ui,sans-serif',
  'color:#fff',
  'background:#6366f1',
  'padding:0 6px',
  'border-radius:3px 3px 0 0',
  'white-space:nowrap',
].join(';');

const sourceOf = (target: EventTarget | null): Element | null =>
  target instanceof Element ? target.closest(SELECTOR) : null;

function describe(element: Element): SelectedElement {
  return {
    source: element.getAttribute(SOURCE_ATTRIBUTE) ?? '',
    tagName: element.tagName.toLowerCase(),
    text: (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, SELECT_TEXT_MAX),
    classes: (element.getAttribute('class') ?? '').slice(0, SELECT_CLASSES_MAX),
  };
}

function visible(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0;
}

export function createSelectMode(events: SelectModeEvents) {
  let on = false;
  let outline: HTMLDivElement | null = null;
  /** The element outlined now, by pointer or keyboard. */
  let current: Element | null = null;

  /** The outline box (made again after an HTML page replaced the document). */
  function box(): HTMLDivElement {
    if (outline?.isConnected) return outline;
    outline = document.createElement('div');
    outline.setAttribute('aria-hidden', 'true');
    outline.style.cssText = OUTLINE_STYLE;
    const label = document.createElement('span');
    label.style.cssText = LABEL_STYLE;
    outline.append(label);
    document.documentElement.append(outline);
    return outline;
  }

  function show(element: Element | null): void {
    current = element;
    if (!element) {
      if (outline) outline.style.display = 'none';
      return;
    }
    const rect = element.getBoundingClientRect();
    const el = box();
    Object.assign(el.style, {
      display: 'block',
      top: `${rect.top}px`,
      left: `${rect.left}px`,
      width: `${rect.width}px`,
      height: `${rect.height}px`,
    });
    el.firstElementChild!.textContent = element.tagName.toLowerCase();
  }

  const onMove = (event: PointerEvent) => show(sourceOf(event.target));
  const swallow = (event: Event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  const onClick = (event: MouseEvent) => {
    swallow(event);
    const element = sourceOf(event.target);
    show(element);
    if (element) events.select(describe(element));
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      swallow(event);
      events.exit();
    } else if (event.key === 'Tab') {
      swallow(event);
      const all = [...document.querySelectorAll(SELECTOR)].filter(visible);
      if (all.length === 0) return;
      const at = current ? all.indexOf(current) : -1;
      const step = event.shiftKey ? -1 : 1;
      const next =
        all[at === -1 ? (step > 0 ? 0 : all.length - 1) : (at + step + all.length) % all.length]!;
      next.scrollIntoView({ block: 'nearest' });
      show(next);
    } else if ((event.key === 'Enter' || event.key === ' ') && current) {
      swallow(event);
      events.select(describe(current));
    }
  };
  const onScroll = () => show(current?.isConnected ? current : null);

  function listen(add: boolean): void {
    const method = add ? 'addEventListener' : 'removeEventListener';
    window[method]('pointermove', onMove as EventListener, true);
    window[method]('click', onClick as EventListener, true);
    window[method]('keydown', onKey as EventListener, true);
    window[method]('scroll', onScroll, true);
    window[method]('resize', onScroll);
    for (const type of SWALLOWED) window[method](type, swallow, true);
  }

  return {
    set(next: boolean): void {
      if (next === on) return;
      on = next;
      listen(on);
      document.documentElement.style.cursor = on ? 'crosshair' : '';
      if (!on) show(null);
    },
    /** After document.open() (an HTML page) removed every listener of the window. */
    reinstall(): void {
      if (!on) return;
      listen(true);
      document.documentElement.style.cursor = 'crosshair';
    },
  };
}
