/**
 * The one look of a field's visible label, in forms and filter bars alike: a select beside a date field
 * (the audit trail's filters, Log Activity) reads as one form only when their labels match.
 */
export const FIELD_LABEL_CLASS = "mb-1.5 block text-sm font-medium text-slate-700";
