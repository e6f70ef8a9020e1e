-- The index of gaps serves only counts around ranges of a quarter or longer: it keeps the long gaps alone.
DROP INDEX `purchase_days_subject_gap_idx`;--> statement-breakpoint
CREATE INDEX `purchase_days_long_gap_idx` ON `purchase_days` (`subject`,`gap`,`prev_day`,`day`) WHERE "purchase_days"."gap" > 90;