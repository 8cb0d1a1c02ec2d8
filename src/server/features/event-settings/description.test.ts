import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../../tests/support/test-app.ts';
import { auditLog } from '../../db/schema/index.ts';

const { visitor, asAdmin, db } = setUpTestApp();

const settings = async () => (await asAdmin.get('/api/admin/event')).json();
/** PUT /api/admin/event as the description section sends it: the settings as they are, and its Markdown. */
async function saveDescription(descriptionMarkdown: string) {
  const { title, subtitle, greeting, contactPhone, backgroundAlt, registrationClosesAt } = await settings();
  const { payment, tshirtSizes, termsText } = await settings();
  return asAdmin.put('/api/admin/event', {
    ...{ title, subtitle, greeting, contactPhone, backgroundAlt, registrationClosesAt },
    ...{ payment, tshirtSizes, termsText, descriptionMarkdown },
  });
}

const HOSTILE = [
  '## What the fee includes',
  '',
  '- A **T-shirt** and a medal',
  '- Water on the [route](https://example.org/route)',
  '',
  '<script>alert("script")</script>',
  '',
  '<img src="x" onerror="alert(1)">',
  '',
  'Ask [us](mailto:run@example.org) or [click](javascript:alert(1)) <b onclick="alert(2)">now</b>.',
  '<iframe src="https://evil.example"></iframe>',
].join('\n');

describe('the fun run description', () => {
  it('is saved as the admin wrote it and shown as sanitised HTML: headings, lists, links, bold', async () => {
    const saved = await saveDescription(HOSTILE);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().descriptionMarkdown).toBe(HOSTILE);
    const html: string = (await visitor.get('/api/event')).json().descriptionHtml;
    expect(html).toContain('<h3>What the fee includes</h3>');
    expect(html).toContain('<li>A <strong>T-shirt</strong> and a medal</li>');
    expect(html).toContain('<a href="https://example.org/route" rel="noopener noreferrer">route</a>');
    expect(html).toContain('<a href="mailto:run@example.org" rel="noopener noreferrer">us</a>');
    // The script, the handler, the javascript: link and the raw HTML are gone.
    expect(html).not.toMatch(/<script|<img|<iframe|<b\b|onerror|onclick|alert\("script"\)/i);
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toMatch(/<p>Ask <a [^>]+>us<\/a> or \[click\]\(javascript:alert\(1\)\) now\.<\/p>/);
    // The admin's own copy answers the same HTML, for the section's preview.
    expect(saved.json().descriptionHtml).toBe(html);
  });

  it('is empty at first, unchanged when a section leaves it out, and audited when it changes', async () => {
    expect((await visitor.get('/api/event')).json().descriptionHtml).toBe('');
    await saveDescription('Parking at the church.');
    const { descriptionMarkdown: _left, ...others } = await settings();
    const { title, subtitle, greeting, contactPhone, backgroundAlt, registrationClosesAt } = others;
    const { payment, tshirtSizes, termsText } = others;
    const kept = await asAdmin.put('/api/admin/event', {
      ...{ title, subtitle, greeting, contactPhone, backgroundAlt, registrationClosesAt },
      ...{ payment, tshirtSizes, termsText, subtitle: 'Another subtitle' },
    });
    expect(kept.json().descriptionHtml).toBe('<p>Parking at the church.</p>');
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'event-settings.update'));
    const changed = audit.map((row) => (row.details as { changed: string[] }).changed);
    expect(changed.filter((keys) => keys.includes('descriptionMarkdown'))).toHaveLength(1);
  });

  it('refuses a description too long', async () => {
    const refused = await saveDescription('x'.repeat(10_001));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { path: 'descriptionMarkdown', message: 'At most 10000 characters' },
    ]);
  });

  it('is copied into a new edition, its year changed as in the other texts', async () => {
    const { year } = await settings();
    await saveDescription(`The ${year} route goes past the lake.`);
    const started = await asAdmin.post('/api/admin/editions', { year: year + 1, referencePrefix: 'NEXT' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      descriptionMarkdown: `The ${year + 1} route goes past the lake.`,
      descriptionHtml: `<p>The ${year + 1} route goes past the lake.</p>`,
    });
  });
});
