import { useEffect, useRef } from "react";

/**
 * The Edit button of a country's inline editor, given focus back when the editor closes (Cancel, Escape, a save):
 * the editor held focus and is gone, and the button was disabled while it was open, so the page would otherwise
 * leave focus nowhere and the next Tab would start at the top of the page.
 */
export function useEditButtonFocus(editing: boolean) {
  const button = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    const closed = wasEditing.current && !editing;
    wasEditing.current = editing;
    // Only when focus was lost with the editor: a click elsewhere (another row's Edit) keeps its focus.
    const active = document.activeElement;
    if (closed && (active === null || active === document.body)) button.current?.focus();
  }, [editing]);
  return button;
}
