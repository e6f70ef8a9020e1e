/**
 * Puts text on the clipboard. The Clipboard API exists only on secure origins (HTTPS or localhost), and a
 * dashboard served over plain HTTP on the office network has none: a hidden text area copied the old way
 * does the job there. Rejects when neither works.
 */
export async function copyToClipboard(text: string): Promise<void> {
  if (navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Refused (no permission, the page not focused): the old way may still work.
    }
  }
  if (!copyWithTextArea(text)) throw new Error("The browser refused to copy");
}

function copyWithTextArea(text: string): boolean {
  const textArea = document.createElement("textarea");
  textArea.value = text;
  textArea.setAttribute("readonly", "");
  textArea.style.position = "fixed";
  textArea.style.opacity = "0";
  textArea.style.pointerEvents = "none";
  const previousFocus = document.activeElement;
  document.body.append(textArea);
  textArea.select();
  try {
    return document.execCommand("copy");
  } finally {
    textArea.remove();
    if (previousFocus instanceof HTMLElement) previousFocus.focus();
  }
}
