import { expect, test } from "bun:test";
import { safeMessageHtml, textOfHtml } from "./safe-html.ts";

test("a message's formatting stays: paragraphs, emphasis, lists, tables, web and mail links, colours", () => {
  const html = '<p style="color: #336699; text-align: center">Hi <b>Pat</b> <i>and</i> <u>Kim</u></p><ul><li>one</li></ul><table><tr><td colspan="2">cell</td></tr></table><a href="mailto:pat@acme.test">mail</a>';
  expect(safeMessageHtml(html)).toBe(
    '<p style="color:#336699;text-align:center">Hi <b>Pat</b> <i>and</i> <u>Kim</u></p><ul><li>one</li></ul><table><tr><td colspan="2">cell</td></tr></table><a href="mailto:pat@acme.test" target="_blank" rel="noopener noreferrer nofollow">mail</a>',
  );
});

test("nothing runs and nothing loads: scripts, handlers, frames, forms, style sheets, javascript: links, remote images and styles", () => {
  const hostile = [
    "<script>alert(1)</script>",
    '<img src="https://tracker.test/open.gif" onerror="alert(2)" alt="logo">',
    '<img src="//tracker.test/protocol-relative.gif">',
    '<img src="data:image/svg+xml;base64,PHN2Zz4=">',
    '<a href="javascript:alert(3)">click</a>',
    '<a href="vbscript:x">old</a>',
    '<div onclick="steal()" style="background: url(https://tracker.test/bg.gif); color: red">styled</div>',
    '<iframe src="https://evil.test"></iframe><object data="x.swf"></object><embed src="x">',
    '<form action="https://evil.test"><input name="password"></form>',
    "<style>body { background: url(https://tracker.test/css.gif) }</style>",
    '<link rel="stylesheet" href="https://evil.test/x.css"><meta http-equiv="refresh" content="0;url=https://evil.test">',
    '<table background="https://tracker.test/table.gif"><tr><td>t</td></tr></table>',
  ].join("");
  const safe = safeMessageHtml(hostile);
  for (const word of ["<script", "alert", "onerror", "onclick", "javascript:", "vbscript:", "url(", "<iframe", "<object", "<embed", "<form", "<input", "<style", "<link", "<meta", "background=", ' src="https:', ' src="//', ' src="data:image/svg']) {
    expect(safe).not.toContain(word);
  }
  expect(safe).toContain('<img alt="logo" data-blocked-src="https://tracker.test/open.gif" />');
  expect(safe).toContain('<div style="color:red">styled</div>');
});

test("images carried in the message itself stay", () => {
  expect(safeMessageHtml('<img src="cid:logo@acme" alt="logo">')).toBe('<img src="cid:logo@acme" alt="logo" />');
  expect(safeMessageHtml('<img src="data:image/png;base64,iVBORw0KGgo=">')).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" />');
});

test("a message's words alone, its lines and blocks apart, nothing of its scripts or styles", () => {
  expect(textOfHtml("<style>p { color: red }</style><p>Hello&nbsp;Pat &amp; Kim</p><div>Line<br>two</div><script>x()</script>")).toBe("Hello Pat & Kim\nLine\ntwo\n");
});
