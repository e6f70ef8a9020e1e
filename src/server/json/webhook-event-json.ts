import type { WebhookEventSummary, WebhookReceipt } from "../../contracts/webhooks.ts";
import type { WebhookEventSummary as CoreWebhookEventSummary } from "../../core/shipstation/webhook-events.ts";

export function toWebhookReceiptJson({ id }: { id: number }): WebhookReceipt {
  return { received: true, id };
}

export function toWebhookEventSummaryJson(summary: CoreWebhookEventSummary): WebhookEventSummary {
  return {
    pending: summary.pending,
    done: summary.done,
    failed: summary.failed,
    recentFailures: summary.recentFailures.map((event) => ({
      id: event.id,
      resourceType: event.resourceType,
      lastError: event.lastError,
      receivedAt: event.receivedAt.toISOString(),
    })),
  };
}
