import { useState, type PointerEvent } from "react";

const SWIPE_THRESHOLD_PX = 50;

/** Lets the user drag an element to the right; releasing it past the threshold dismisses it. */
export function useSwipeToDismiss(onDismiss: () => void) {
  const [dragStartX, setDragStartX] = useState<number | null>(null);
  const [offsetX, setOffsetX] = useState(0);

  function onPointerDown(event: PointerEvent<HTMLElement>) {
    // A press on a button inside the toast is a click, not the start of a swipe.
    if (event.target instanceof Element && event.target.closest("button")) return;
    setDragStartX(event.clientX);
    event.currentTarget.setPointerCapture(event.pointerId);
  }

  function onPointerMove(event: PointerEvent<HTMLElement>) {
    if (dragStartX === null) return;
    setOffsetX(Math.max(0, event.clientX - dragStartX));
  }

  function onPointerUp(event: PointerEvent<HTMLElement>) {
    if (dragStartX === null) return;
    setDragStartX(null);
    if (event.clientX - dragStartX > SWIPE_THRESHOLD_PX) onDismiss();
    else setOffsetX(0);
  }

  function onPointerCancel() {
    setDragStartX(null);
    setOffsetX(0);
  }

  return {
    offsetX,
    isDragging: dragStartX !== null,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel },
  };
}
