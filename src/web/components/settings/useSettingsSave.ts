import { useState } from "react";
import { ApiError } from "../../api/client";
import { useToast } from "../toast/useToast";

/**
 * Saving on the Settings screen, with the spec's toasts: "Settings Updated" on success, and on failure
 * the server's own message when it refused a value (400), which tells the person typing what to fix.
 */
export function useSettingsSave() {
  const { toast } = useToast();
  const [isSaving, setIsSaving] = useState(false);

  /** Runs `save`, then `afterSaved` once it succeeded; a save already under way makes this a no-op. */
  async function saveSettings(save: () => Promise<unknown>, afterSaved: () => void): Promise<void> {
    if (isSaving) return;
    setIsSaving(true);
    try {
      await save();
      afterSaved();
      toast({ title: "Settings Updated", description: "Your settings have been saved successfully." });
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Error",
        description: error instanceof ApiError && error.status === 400 ? error.serverMessage : "Failed to update settings",
      });
    } finally {
      setIsSaving(false);
    }
  }

  return { isSaving, saveSettings };
}
