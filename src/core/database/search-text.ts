/** Text typed by a person, made safe to match with: nothing they type is read as query syntax. */

/** For LIKE ... ESCAPE '\': the wildcards and the escape character itself lose their meaning. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** As one FTS5 phrase: with the trigram tokenizer it matches wherever the text occurs. */
export function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}
