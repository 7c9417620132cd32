import { useEffect } from 'react';

/** Where the focus was inside the root: the element, its row (a list's `li` or a table's `tr`), and its section. */
interface Place {
  el: HTMLElement;
  rowEl: Element | null;
  list: Element | null;
  row: number;
  control: number;
  section: Element | null;
}

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';
const ROW = ':scope > li, :scope > tr';
const DIALOG = '[role="dialog"], [role="alertdialog"]';

const usable = (el: HTMLElement) => !(el as HTMLButtonElement).disabled && el.getAttribute('aria-disabled') !== 'true';
/**
 * The controls of a row that can take the focus: a working one too (aria-disabled keeps it
 * focusable, and says it is busy). The row's live update can land before its action's own answer,
 * while its other buttons still work: they keep the place, not a control of the next row.
 */
const controlsOf = (row: Element | undefined) => (row ? [...row.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !(el as HTMLButtonElement).disabled) : []);

function placeOf(el: HTMLElement, root: HTMLElement): Place {
  const row = el.closest('li, tr');
  const list = row && root.contains(row) ? row.parentElement : null;
  return {
    el,
    rowEl: list ? row : null,
    list,
    row: list ? [...list.querySelectorAll(ROW)].indexOf(row!) : -1,
    control: row ? controlsOf(row).indexOf(el) : -1,
    section: el.closest('[aria-labelledby]'),
  };
}

/**
 * What takes the focus when its element is gone: a control at the same place in its row if the
 * row is still there (Approve turned into Download), else in the row that now has the removed
 * row's place (or the list's last row). A row left with no control at all (a radio slot once
 * scheduled) passes the focus on to the nearest row that has one, after it, else before it;
 * with `keepRow`, it keeps the focus itself (a user's own track, whose next control would be
 * another track's). Else the heading that names the section.
 */
function successor(place: Place, keepRow: boolean): HTMLElement | null {
  // The row is still there, with no control left: it keeps the focus itself (its new state is read out).
  if (keepRow && place.rowEl?.isConnected && controlsOf(place.rowEl).length === 0) {
    const row = place.rowEl as HTMLElement;
    if (!row.hasAttribute('tabindex')) row.tabIndex = -1;
    return row;
  }
  const rows = place.list?.isConnected ? [...place.list.querySelectorAll(ROW)] : [];
  if (rows.length > 0) {
    const at = place.rowEl?.isConnected ? rows.indexOf(place.rowEl) : Math.min(place.row, rows.length - 1);
    for (const row of [...rows.slice(at), ...rows.slice(0, at).reverse()]) {
      const controls = controlsOf(row);
      const control = controls[Math.min(Math.max(place.control, 0), controls.length - 1)];
      if (control) return control;
    }
  }
  const id = place.section?.isConnected ? place.section.getAttribute('aria-labelledby') : null;
  const heading = id ? document.getElementById(id) : null;
  if (!heading) return null;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
}

/**
 * Keeps a keyboard or screen reader user's place inside `container` when an action changes or
 * removes the row that has the focus (Approve in a moderation list, a dialog whose trigger's row
 * is settled). The browser drops the focus to the page's body then; here it goes to the same
 * control in the row that takes that place, or to the section's heading when the list is empty,
 * or back to the element itself once it is enabled again. Focus that the user moved elsewhere is
 * left alone: only a place inside `container` (or a dialog opened from it) is kept. Give it the
 * element through a callback ref: a dialog's content comes and goes after its first render.
 */
export function useFocusRescue(container: HTMLElement | null, { keepRow = false }: { keepRow?: boolean } = {}): void {
  useEffect(() => {
    if (!container) return;
    let last: Place | null = null;

    const onFocusIn = (e: FocusEvent) => {
      const target = e.target as HTMLElement;
      if (container.contains(target)) last = placeOf(target, container);
      else if (!target.closest(DIALOG)) last = null;
    };
    // Focus given up on purpose (a click on the page) is not brought back. Judged a task later:
    // an element being removed loses the focus before it leaves the document.
    const onFocusOut = (e: FocusEvent) => {
      const target = e.target as HTMLElement;
      if (e.relatedTarget !== null) return;
      setTimeout(() => {
        if (last?.el === target && target.isConnected && usable(target) && document.activeElement !== target) last = null;
      });
    };
    // Lost: on the page's body, or on the root itself (where a dialog's focus trap puts it). While
    // a dialog over the container is open, the focus is that dialog's (its own hook keeps it).
    const rescue = () => {
      const focused = document.activeElement;
      if (!last || (focused && focused !== document.body && focused !== container)) return;
      if ([...document.querySelectorAll(DIALOG)].some((dialog) => !dialog.contains(container))) return;
      if (last.el.isConnected) {
        if (usable(last.el)) last.el.focus();
        return;
      }
      const next = successor(last, keepRow);
      if (next) next.focus();
      else last = null;
    };

    const inRoot = new MutationObserver(rescue);
    inRoot.observe(container, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'aria-disabled'] });
    // A dialog's portal leaves the body when it closes: its trigger may be gone by then.
    const portals = new MutationObserver(rescue);
    portals.observe(document.body, { childList: true });
    document.addEventListener('focusin', onFocusIn);
    container.addEventListener('focusout', onFocusOut);
    return () => {
      inRoot.disconnect();
      portals.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      container.removeEventListener('focusout', onFocusOut);
    };
  }, [container, keepRow]);
}
