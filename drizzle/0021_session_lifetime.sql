-- A session ends 30 days after sign-in, however busy (src/core/auth/sessions.ts). Sessions started before
-- slid on with every use: they end at that limit too.
UPDATE `sessions` SET `expires_at` = min(`expires_at`, `created_at` + 2592000000);
