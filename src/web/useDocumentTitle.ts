import { useEffect } from "react";

/** Names the browser tab; the title in index.html stays until the name is known. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
