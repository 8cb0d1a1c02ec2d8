import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

// Raw HTML is recognised (so that it can be dropped whole, not shown as tags in the text) but never rendered;
// links the parser finds unsafe (javascript:, data:) stay text. The sanitiser below is the real guard.
const markdown = new MarkdownIt('commonmark', { html: true, linkify: false, typographer: false });
markdown.renderer.rules.html_block = () => '';
markdown.renderer.rules.html_inline = () => '';

/** What the description may contain: a few headings, lists, links and emphasis, nothing that runs or loads. */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'blockquote', 'hr', 'code'],
  allowedAttributes: { a: ['href', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The landing page's own headings are h1 and h2: the description's sit below them.
  transformTags: {
    h1: 'h3',
    h2: 'h3',
    h3: 'h4',
    h4: 'h4',
    h5: 'h4',
    h6: 'h4',
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
  },
};

/** The fun run's description as the pages show it: the admin's Markdown rendered, then sanitised. */
export function descriptionHtmlOf(descriptionMarkdown: string) {
  if (descriptionMarkdown.trim() === '') return '';
  return sanitizeHtml(markdown.render(descriptionMarkdown), ALLOWED).trim();
}
