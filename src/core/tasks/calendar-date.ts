export { addDays, BUSINESS_TIME_ZONE, businessToday, requireCalendarDate } from "../time/business-calendar.ts";
