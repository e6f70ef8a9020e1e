import { expect, test } from "bun:test";
import { hasRemoteImages, safeMessageHtml, safeMessageHtmlWithRemoteImages, textOfHtml } from "./safe-html.ts";

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

test("a sender's inline styles keep their colours, type, alignment and spacing, and never a value that could load anything", () => {
  const styled = '<td style="color: rgb(0, 128, 0); background-color: #fef3c7; font-family: \'Helvetica Neue\', Arial, sans-serif; font-size: 15px; line-height: 1.4; padding: 8px 12px; margin-bottom: 0; vertical-align: top">x</td>';
  expect(safeMessageHtml(`<table><tr>${styled}</tr></table>`)).toBe(
    '<table><tr><td style="color:rgb(0, 128, 0);background-color:#fef3c7;font-family:\'Helvetica Neue\', Arial, sans-serif;font-size:15px;line-height:1.4;padding:8px 12px;margin-bottom:0;vertical-align:top">x</td></tr></table>',
  );
  // A quoted font name stays inside its attribute.
  expect(safeMessageHtml(`<p style='font-family: "Segoe UI", sans-serif'>x</p>`)).toBe('<p style="font-family:&quot;Segoe UI&quot;, sans-serif">x</p>');
  const loading = [
    "color: url(x.png)",
    "background-color: image-set(x.png 1x)",
    "color: expression(alert(1))",
    "color: var(--x)",
    "font-family: url(https://fonts.test/x.woff)",
    "padding: calc(1px + url(x))",
    "background: #fff url(https://tracker.test/bg.gif)",
    "background-image: url(x.png)",
    "list-style-image: url(x.png)",
    "position: fixed",
  ];
  for (const style of loading) expect({ style, safe: safeMessageHtml(`<p style="${style}">x</p>`) }).toEqual({ style, safe: "<p>x</p>" });
});

test("its https images put back when staff ask, and only those: a plain http one stays hidden, the rest sanitised again", () => {
  const safe = safeMessageHtml('<img src="https://images.test/logo.png" alt="logo"><img src="http://images.test/plain.png"><img src="data:image/png;base64,iVBORw0KGgo=">');
  expect(hasRemoteImages(safe)).toBe(true);
  expect(safeMessageHtmlWithRemoteImages(`${safe}<script>alert(1)</script><img src="https://tracker.test/not-blocked.gif">`)).toBe(
    '<img alt="logo" src="https://images.test/logo.png" /><img data-blocked-src="http://images.test/plain.png" /><img src="data:image/png;base64,iVBORw0KGgo=" /><img data-blocked-src="https://tracker.test/not-blocked.gif" />',
  );
  expect(hasRemoteImages(safeMessageHtml('<img src="http://images.test/plain.png"><img src="cid:logo@acme">'))).toBe(false);
  expect(hasRemoteImages("<p>No images</p>")).toBe(false);
});

test("images carried in the message itself stay", () => {
  expect(safeMessageHtml('<img src="cid:logo@acme" alt="logo">')).toBe('<img src="cid:logo@acme" alt="logo" />');
  expect(safeMessageHtml('<img src="data:image/png;base64,iVBORw0KGgo=">')).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" />');
});

test("a message's words alone, its lines and blocks apart, nothing of its scripts or styles", () => {
  expect(textOfHtml("<style>p { color: red }</style><p>Hello&nbsp;Pat &amp; Kim</p><div>Line<br>two</div><script>x()</script>")).toBe("Hello Pat & Kim\nLine\ntwo\n");
});
