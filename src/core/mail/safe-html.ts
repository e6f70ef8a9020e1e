import sanitizeHtml from "sanitize-html";

/**
 * A message's HTML made safe to store and show: its formatting (paragraphs, lists, tables, emphasis, links,
 * a few inline colours and alignments) and nothing that runs or loads: no scripts, styles sheets, frames,
 * forms or event handlers, no `javascript:` or other links but web and mail ones, and no remote image: an
 * image from the web keeps its place and alt text and is blocked, its address kept in `data-blocked-src`,
 * where the thread dialog's "Load images" finds an https one to put back when staff ask.
 * Images carried in the message itself (`cid:`, `data:` images but SVG) stay. sanitize-html (a parser and
 * an allow-list, not patterns) does the work; the Emails tab isolates it again (EmailThreadDialog.tsx).
 */
export function safeMessageHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** The HTML's words alone, for a message that came without a text part. */
export function textOfHtml(html: string): string {
  // Lines and blocks end in a line break, so their words do not run together once the tags are gone.
  const broken = html.replace(/<br\s*\/?>|<\/(p|div|tr|li|h[1-6]|table|blockquote)>/gi, "$&\n");
  return sanitizeHtml(broken, { allowedTags: [], allowedAttributes: {}, nonTextTags: ["style", "script", "textarea", "option", "noscript", "title", "head"] })
    .replace(/&nbsp;|\u00a0/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

const ONLY_PLAIN_VALUES = [/^[#\w\s,.()%-]+$/];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "font", "center", "span", "u", "s"],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height", "data-blocked-src"],
    td: ["colspan", "rowspan", "align", "valign", "width"],
    th: ["colspan", "rowspan", "align", "valign", "width"],
    table: ["width", "cellpadding", "cellspacing", "border", "align"],
    font: ["color", "size", "face"],
    "*": ["style", "align", "dir"],
  },
  // Colours and alignment only, and never a value that could hold url(): nothing loads from a style.
  allowedStyles: {
    "*": {
      color: ONLY_PLAIN_VALUES,
      "background-color": ONLY_PLAIN_VALUES,
      "text-align": [/^(left|right|center|justify)$/],
      "font-weight": [/^(normal|bold|\d{3})$/],
      "font-style": [/^(normal|italic)$/],
      "text-decoration": [/^(none|underline|line-through)$/],
    },
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["cid", "data"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" } }),
    img: (tagName, attribs) => {
      const source = (attribs.src ?? "").trim();
      if (/^(cid|data):/i.test(source) && !/^data:image\/svg/i.test(source)) return { tagName, attribs };
      const blocked: Record<string, string> = { ...attribs };
      delete blocked.src;
      if (source !== "") blocked["data-blocked-src"] = source;
      return { tagName, attribs: blocked };
    },
  },
};
