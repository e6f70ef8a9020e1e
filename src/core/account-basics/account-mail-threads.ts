/**
 * The e-mail threads an account has, as one SQL subquery (parameter ?1, the account's id): those its
 * messages are matched to, and those staff filed under it. One definition for the Emails tab, the
 * timeline's e-mails and "Last e-mailed", so that the three never disagree about which mail is the
 * account's. Each half reads an index: `mail_threads_account_idx`, `mail_message_accounts_account_idx`.
 */
export const ACCOUNT_THREAD_IDS_SQL = `SELECT id FROM mail_threads WHERE account_id = ?1
  UNION SELECT m.thread_id FROM mail_message_accounts a JOIN mail_messages m ON m.id = a.message_id WHERE a.account_id = ?1 AND m.thread_id IS NOT NULL`;
