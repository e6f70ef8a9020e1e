/** An axis from 0 to `max`, with gridlines at `ticks` (0 and max included). */
export interface AxisScale {
  max: number;
  ticks: number[];
}

/**
 * A value axis for figures from 0 to `largest`: about `tickCount` steps of 1, 2, 2.5 or 5 times a power of
 * ten, so that the gridlines read as round figures. Counts step by whole numbers. With nothing to show
 * (0 or less) the axis still runs from 0 to one step, so that nothing divides by zero.
 */
export function axisScale(largest: number, { tickCount = 4, wholeNumbers = false } = {}): AxisScale {
  const roughStep = largest > 0 ? largest / tickCount : 1;
  const step = wholeNumbers ? Math.max(1, niceStep(roughStep)) : niceStep(roughStep);
  const steps = Math.max(1, Math.ceil(largest / step - 1e-9));
  const ticks = Array.from({ length: steps + 1 }, (_, index) => roundedTick(index * step));
  return { max: ticks.at(-1)!, ticks };
}

/** Where a value sits along `length` pixels of an axis, from its 0 end. */
export function positionOn(scale: AxisScale, value: number, length: number): number {
  return (Math.max(0, value) / scale.max) * length;
}

/** The smallest 1, 2, 2.5 or 5 times a power of ten that is at least `rough`. */
export function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** 3 × 0.1 is 0.30000000000000004 in floating point; a gridline's label should say 0.3. */
function roundedTick(value: number): number {
  return Number(value.toPrecision(12));
}
