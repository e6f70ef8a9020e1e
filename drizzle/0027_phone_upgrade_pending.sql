-- Phones stored before they had one form are rewritten in it once, at the next start (core/accounts/phone-upgrade.ts),
-- which drops this table when done: its presence is what says the rewrite is still to do.
CREATE TABLE `phone_upgrade_pending` (`started` integer);
