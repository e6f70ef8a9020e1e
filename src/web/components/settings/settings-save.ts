import type { WriteOptions } from "../../ui/use-write";

/**
 * Every save on the Settings screen, with the spec's toasts: "Settings Updated" on success, and on failure
 * the server's own words when it refused a value, which tell the person typing what to fix.
 */
export const SETTINGS_SAVE = {
  success: { title: "Settings Updated", description: "Your settings have been saved successfully." },
  failureMessage: "Failed to update settings",
} satisfies WriteOptions<unknown>;
