/**
 * What the dashboard's JavaScript weighs, gzipped, as a browser fetches it from a running server: the first
 * page's scripts with every chunk they import statically, and the chunks a screen imports when it opens
 * (dynamic imports), which the first page never loads.
 */
export interface DashboardJavaScript {
  firstPageBytes: number;
  laterBytes: number;
  laterChunks: number;
}

export async function measureDashboardJavaScript(serverUrl: string): Promise<DashboardJavaScript> {
  const html = await (await fetch(serverUrl)).text();
  const firstPage = new Map<string, string>();
  const pending = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1]!);
  const later = new Set<string>();
  while (pending.length > 0) {
    const src = new URL(pending.pop()!, serverUrl).pathname;
    if (firstPage.has(src)) continue;
    const code = await (await fetch(new URL(src, serverUrl))).text();
    firstPage.set(src, code);
    for (const [, chunk] of code.matchAll(/(?:from|import)\s*["']([^"']+\.js)["']/g)) pending.push(new URL(chunk!, new URL(src, serverUrl)).pathname);
    for (const [, chunk] of code.matchAll(/import\(\s*["']([^"']+\.js)["']\s*\)/g)) later.add(new URL(chunk!, new URL(src, serverUrl)).pathname);
  }
  for (const src of firstPage.keys()) later.delete(src);
  const laterCode = await Promise.all([...later].map(async (chunk) => (await fetch(new URL(chunk, serverUrl))).text()));
  return { firstPageBytes: gzippedSize([...firstPage.values()]), laterBytes: gzippedSize(laterCode), laterChunks: later.size };
}

export function formatDashboardJavaScript({ firstPageBytes, laterBytes, laterChunks }: DashboardJavaScript, targetKb: number): string {
  const verdict = firstPageBytes <= targetKb * 1024 ? "met" : "MISSED";
  return `dashboard JavaScript gzipped: first page ${(firstPageBytes / 1024).toFixed(1)} KB (target <= ${targetKb} KB ${verdict}); loaded when a screen opens: ${(laterBytes / 1024).toFixed(1)} KB in ${laterChunks} chunk(s)`;
}

function gzippedSize(texts: string[]): number {
  return texts.reduce((sum, text) => sum + Bun.gzipSync(new TextEncoder().encode(text)).byteLength, 0);
}
