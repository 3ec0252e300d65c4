/**
 * Copies text to the clipboard; where the browser has no clipboard for this page (plain HTTP on a home network, no
 * permission), selects it in `input` and copies the older way. False when neither worked: the text is then left
 * selected in its box, for the phone's own copy menu.
 */
export async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, not a secure page): the older way below may still work.
  }
  if (!input) return false;
  input.focus();
  input.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
