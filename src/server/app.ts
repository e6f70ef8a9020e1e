import { Elysia } from "elysia";
import type { ServerContext } from "./context.ts";
import { bodyLimits } from "./middleware/body-limits.ts";
import { errorResponses } from "./middleware/errors.ts";
import { originCheck } from "./middleware/origin-check.ts";
import { securityHeaders } from "./middleware/security-headers.ts";
import { accountImportRoutes } from "./routes/account-import.ts";
import { orderRoutes } from "./routes/orders.ts";
import { accountRoutes } from "./routes/accounts.ts";
import { activityRoutes } from "./routes/activity.ts";
import { emailRoutes } from "./routes/emails.ts";
import { emailAttachmentRoutes } from "./routes/email-attachments.ts";
import { emailMessageRoutes } from "./routes/email-messages.ts";
import { sentEmailRoutes } from "./routes/sent-emails.ts";
import { mailboxRoutes } from "./routes/mailboxes.ts";
import { adminRoutes } from "./routes/admin.ts";
import { backupRoutes } from "./routes/backups.ts";
import { auditRoutes } from "./routes/audit.ts";
import { contactRoutes } from "./routes/contacts.ts";
import { bulkChangeRoutes } from "./routes/bulk-changes.ts";
import { recycleBinRoutes } from "./routes/recycle-bin.ts";
import { duplicateRoutes } from "./routes/duplicates.ts";
import { listRoutes } from "./routes/lists.ts";
import { noteRoutes } from "./routes/notes.ts";
import { searchRoutes } from "./routes/search.ts";
import { backupCopiesRoutes } from "./routes/backup-copies.ts";
import { settingsRoutes } from "./routes/settings.ts";
import { taskRoutes } from "./routes/tasks.ts";
import { analyticsRoutes } from "./routes/analytics.ts";
import { teamRoutes } from "./routes/team.ts";
import { authRoutes } from "./routes/auth.ts";
import { configRoutes } from "./routes/config.ts";
import { uploadRoutes } from "./routes/uploads.ts";
import { openApiRoutes } from "./routes/openapi.ts";
import { readRoutes } from "./routes/reads.ts";
import { keepTypeBoxErrorNames } from "./typebox-error-names.ts";

/** The JSON API: every route under /api but ShipStation's webhooks (routes/webhooks.ts). The dashboard's files are served beside it by serve.ts. */
export function createApp(context: ServerContext) {
  keepTypeBoxErrorNames();
  const api = new Elysia({ normalize: true })
    // First, so that even a request another hook refuses is answered with them.
    .use(securityHeaders(context.trustProxy))
    .use(errorResponses)
    .use(bodyLimits)
    .use(originCheck)
    .use(configRoutes(context))
    .use(authRoutes(context))
    .use(accountImportRoutes(context))
    .use(accountRoutes(context))
    .use(bulkChangeRoutes(context))
    .use(orderRoutes(context))
    .use(duplicateRoutes(context))
    .use(activityRoutes(context))
    .use(emailRoutes(context))
    .use(emailAttachmentRoutes(context))
    .use(emailMessageRoutes(context))
    .use(sentEmailRoutes(context))
    .use(contactRoutes(context))
    .use(noteRoutes(context))
    .use(recycleBinRoutes(context))
    .use(listRoutes(context))
    .use(searchRoutes(context))
    .use(settingsRoutes(context))
    .use(mailboxRoutes(context))
    .use(backupCopiesRoutes(context))
    .use(taskRoutes(context))
    .use(analyticsRoutes(context))
    .use(teamRoutes(context))
    .use(adminRoutes(context))
    .use(backupRoutes(context))
    .use(auditRoutes(context))
    .use(uploadRoutes(context))
    .use(readRoutes(context));
  // Elysia's `use` adds to the same app, so the description sees every route, its own included.
  return api.use(openApiRoutes(context, () => api));
}
