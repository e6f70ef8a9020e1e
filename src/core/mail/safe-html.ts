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

/**
 * A style value that can load nothing: words, numbers, lengths, #colours and the colour functions rgb() and
 * hsl() alone, so no url(), image-set(), expression() or var() (an @import is a style sheet's, and style
 * sheets are removed).
 */
const PLAIN_VALUE = [/^(?:[#\w\s,.%-]|(?:rgba?|hsla?)\([\d\s,.%/-]*\))+$/i];
const LENGTHS = [/^(?:[\d\s.%-]|px|em|rem|pt|auto)+$/i];
const FONT_NAMES = [/^[\w\s,'"-]+$/];

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
  // The sender's colours, type, alignment and spacing (HTML e-mail is styled inline), never a value that loads anything.
  allowedStyles: {
    "*": {
      color: PLAIN_VALUE,
      "background-color": PLAIN_VALUE,
      "text-align": [/^(left|right|center|justify)$/],
      "vertical-align": [/^(top|middle|bottom|baseline)$/],
      "font-weight": [/^(normal|bold|\d{3})$/],
      "font-style": [/^(normal|italic)$/],
      "font-size": LENGTHS,
      "font-family": FONT_NAMES,
      "line-height": LENGTHS,
      "text-decoration": [/^(none|underline|line-through)$/],
      margin: LENGTHS,
      "margin-top": LENGTHS,
      "margin-bottom": LENGTHS,
      padding: LENGTHS,
      "padding-top": LENGTHS,
      "padding-right": LENGTHS,
      "padding-bottom": LENGTHS,
      "padding-left": LENGTHS,
    },
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["cid", "data"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" } }),
    img: (tagName, attribs) => imageWithRemoteSourceBlocked(tagName, attribs),
  },
};

function imageWithRemoteSourceBlocked(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const source = (attribs.src ?? "").trim();
  if (/^(cid|data):/i.test(source) && !/^data:image\/svg/i.test(source)) return { tagName, attribs };
  const blocked: Record<string, string> = { ...attribs };
  delete blocked.src;
  if (source !== "") blocked["data-blocked-src"] = source;
  return { tagName, attribs: blocked };
}

/** An address "Load images" may load: https only, as plain http would tell the network what staff read. */
function loadableImageSource(blockedSource: string | undefined): string | null {
  return blockedSource !== undefined && URL.canParse(blockedSource) && new URL(blockedSource).protocol === "https:" ? blockedSource : null;
}

const WITH_REMOTE_IMAGES: sanitizeHtml.IOptions = {
  ...OPTIONS,
  transformTags: {
    ...OPTIONS.transformTags,
    img: (tagName, attribs) => {
      const source = loadableImageSource(attribs["data-blocked-src"]);
      if (source === null) return imageWithRemoteSourceBlocked(tagName, attribs);
      const { "data-blocked-src": _blocked, ...rest } = attribs;
      return { tagName, attribs: { ...rest, src: source } };
    },
  },
  allowedSchemesByTag: { img: ["cid", "data", "https"] },
};

/**
 * A message's safe HTML with its https images put back, for "Load images" (the message's page with
 * `?images=remote`): sanitised again with the same rules, an image blocked for its https address getting it back
 * as its `src`; a plain http one stays blocked.
 */
export function safeMessageHtmlWithRemoteImages(html: string): string {
  return sanitizeHtml(html, WITH_REMOTE_IMAGES);
}

/** Whether a message's safe HTML has images from the web that "Load images" can show. */
export function hasRemoteImages(html: string): boolean {
  let found = false;
  sanitizeHtml(html, {
    allowedTags: ["img"],
    allowedAttributes: { img: ["data-blocked-src"] },
    exclusiveFilter: (frame) => {
      if (frame.tag === "img" && loadableImageSource(frame.attribs["data-blocked-src"]) !== null) found = true;
      return false;
    },
  });
  return found;
}
