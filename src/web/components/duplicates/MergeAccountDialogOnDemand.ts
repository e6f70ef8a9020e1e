import { onDemand, onDemandComponent } from "../../ui/on-demand";

/** The merge dialog (MergeAccountDialog.tsx), whose account search is Headless UI's combobox: loaded on demand (ui/on-demand.ts). */
export const MergeAccountDialog = onDemandComponent(onDemand(() => import("./MergeAccountDialog").then((module) => module.MergeAccountDialog)));
