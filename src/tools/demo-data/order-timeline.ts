/** When an order was placed, as ShipStation shows it and as order status depends on it. */
export interface OrderMoment {
  /** New York local time in ShipStation's export format, e.g. "4/2/2026 10:39:21 AM". */
  shipStationDate: string;
  /** 0 on the last day of the file. */
  daysBeforeEnd: number;
}

/**
 * The two years of order history ending on a given day, with orders bunched the way a B2B supplier sees them:
 * weekday business hours in New York, quiet weekends and holidays, and volume growing over time.
 * A position in the file (0 to 1) maps to a moment, so orders written in sequence get ascending dates.
 */
export class OrderTimeline {
  private readonly days: CalendarDay[];
  /** Running total of the order weight of every local hour, oldest first. */
  private readonly cumulativeHourWeights: Float64Array;

  /** lastDay: its UTC calendar date is the last day of orders (new Date("2026-11-15") means November 15). */
  constructor(lastDay: Date) {
    const lastDayNumber = Math.floor(lastDay.getTime() / MILLISECONDS_PER_DAY);
    const twoYearsEarlier = Date.UTC(lastDay.getUTCFullYear() - 2, lastDay.getUTCMonth(), lastDay.getUTCDate()) / MILLISECONDS_PER_DAY;
    const dayCount = lastDayNumber - twoYearsEarlier;
    this.days = Array.from({ length: dayCount }, (_, index) => calendarDay(twoYearsEarlier + 1 + index));
    this.cumulativeHourWeights = new Float64Array(dayCount * 24);
    let total = 0;
    this.days.forEach((day, dayIndex) => {
      const growth = 1 + (0.35 * dayIndex) / dayCount;
      for (let hour = 0; hour < 24; hour++) {
        total += growth * dayWeight(day) * hourWeight(day, hour);
        this.cumulativeHourWeights[dayIndex * 24 + hour] = total;
      }
    });
  }

  /** The moment at a position from 0 (start of the history) to just under 1 (its end). */
  momentAt(position: number): OrderMoment {
    const target = position * this.cumulativeHourWeights[this.cumulativeHourWeights.length - 1]!;
    const hourIndex = this.firstHourReaching(target);
    const hourStart = hourIndex === 0 ? 0 : this.cumulativeHourWeights[hourIndex - 1]!;
    const fractionOfHour = (target - hourStart) / (this.cumulativeHourWeights[hourIndex]! - hourStart);
    const dayIndex = Math.floor(hourIndex / 24);
    const secondOfHour = Math.min(3599, Math.floor(fractionOfHour * 3600));
    return {
      shipStationDate: `${this.days[dayIndex]!.formatUsCalendarDate} ${clockTime(hourIndex % 24, secondOfHour)}`,
      daysBeforeEnd: this.days.length - 1 - dayIndex,
    };
  }

  private firstHourReaching(target: number): number {
    let low = 0;
    let high = this.cumulativeHourWeights.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.cumulativeHourWeights[middle]! > target) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}

const MILLISECONDS_PER_DAY = 86_400_000;

interface CalendarDay {
  /** M/D/YYYY */
  formatUsCalendarDate: string;
  month: number;
  dayOfMonth: number;
  /** 0 is Sunday. */
  weekday: number;
  /** The Sunday clocks jump from 2:00 to 3:00 AM in New York, so that hour never happens. */
  springsForward: boolean;
}

function calendarDay(dayNumber: number): CalendarDay {
  const date = new Date(dayNumber * MILLISECONDS_PER_DAY);
  const month = date.getUTCMonth() + 1;
  const dayOfMonth = date.getUTCDate();
  const weekday = date.getUTCDay();
  return {
    formatUsCalendarDate: `${month}/${dayOfMonth}/${date.getUTCFullYear()}`,
    month,
    dayOfMonth,
    weekday,
    // US daylight saving time starts on the second Sunday of March.
    springsForward: month === 3 && weekday === 0 && dayOfMonth >= 8 && dayOfMonth <= 14,
  };
}

const HOLIDAYS = new Set(["1/1", "7/4", "12/25"]);

function dayWeight(day: CalendarDay): number {
  if (HOLIDAYS.has(`${day.month}/${day.dayOfMonth}`)) return 0.15;
  if (day.weekday === 0) return 0.15;
  if (day.weekday === 6) return 0.25;
  return 1;
}

/** Orders per hour of a weekday, New York time: staff order in business hours, individuals in the evening. */
const HOURLY_ORDER_WEIGHTS: readonly number[] = [
  0.06, 0.04, 0.03, 0.03, 0.04, 0.08, 0.2, 0.5, 1.2, 1.8, 2, 1.9, 1.4, 1.7, 1.8, 1.6, 1.2, 0.7, 0.45, 0.4, 0.35, 0.3, 0.2, 0.1,
];

function hourWeight(day: CalendarDay, hour: number): number {
  if (day.springsForward && hour === 2) return 0;
  return HOURLY_ORDER_WEIGHTS[hour]!;
}

function clockTime(hour: number, secondOfHour: number): string {
  const minutes = String(Math.floor(secondOfHour / 60)).padStart(2, "0");
  const seconds = String(secondOfHour % 60).padStart(2, "0");
  return `${hour % 12 === 0 ? 12 : hour % 12}:${minutes}:${seconds} ${hour < 12 ? "AM" : "PM"}`;
}
