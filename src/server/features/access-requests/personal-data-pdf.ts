import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatHarareDateTime } from '../../../shared/dates.ts';
import type { PersonalData } from './personal-data.ts';

const require = createRequire(import.meta.url);
// DejaVu shows the names people really type (accents, other scripts), as the lists do.
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const MARGIN = 50;
const LABEL_WIDTH = 150;

type Fields = Record<string, unknown>;

const LABELS: Record<string, string> = {
  tshirtSize: 'T-shirt size',
  tshirtCollectedAt: 'T-shirt collected at',
  checkIn: 'Check-in',
};

/** "camelCase" as words: "nextOfKinMobile" → "Next of kin mobile". */
const labelOf = (key: string) => {
  if (LABELS[key]) return LABELS[key];
  const words = key.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (value instanceof Date) return formatHarareDateTime(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map(shown).join(', ');
  return String(value);
};

/**
 * The same as the JSON file, to read: one headed section per kind of record, each record's fields as
 * label and value, and its history and payments as lines under it.
 */
export function personalDataPdf(data: PersonalData) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: false,
    info: { Title: 'Celebration — the data we hold about you' },
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const width = doc.page.width - 2 * MARGIN;

  const heading = (text: string) => {
    if (doc.y > doc.page.height - MARGIN - 90) doc.addPage();
    doc.moveDown(0.8);
    doc.font('bold').fontSize(15).fillColor('#000').text(text, MARGIN, doc.y, { width });
    doc
      .moveTo(MARGIN, doc.y + 2)
      .lineTo(MARGIN + width, doc.y + 2)
      .lineWidth(1)
      .strokeColor('#999')
      .stroke();
    doc.moveDown(0.5);
  };
  const subheading = (text: string) => {
    if (doc.y > doc.page.height - 120) doc.addPage();
    doc.moveDown(0.4);
    doc.font('bold').fontSize(11.5).fillColor('#222').text(text, MARGIN, doc.y, { width });
    doc.moveDown(0.2);
  };
  const none = (text: string) => {
    doc.font('body').fontSize(10).fillColor('#555').text(text, MARGIN, doc.y, { width });
  };
  const fields = (record: Fields) => {
    for (const [key, value] of Object.entries(record)) {
      // A record's own lists (history, payments) follow its fields.
      if (Array.isArray(value)) continue;
      const y = doc.y;
      doc.font('body').fontSize(9.5).fillColor('#555').text(labelOf(key), MARGIN, y, { width: LABEL_WIDTH });
      const labelBottom = doc.y;
      doc
        .font('body')
        .fontSize(9.5)
        .fillColor('#000')
        .text(shown(value), MARGIN + LABEL_WIDTH, y, { width: width - LABEL_WIDTH });
      doc.y = Math.max(doc.y, labelBottom);
    }
  };
  /** A list of small records (history, payments, mails), one line each. */
  const lines = (title: string, rows: Fields[], empty?: string) => {
    if (rows.length === 0 && empty === undefined) return;
    doc.moveDown(0.2);
    doc.font('bold').fontSize(9.5).fillColor('#333').text(title, MARGIN, doc.y, { width });
    if (rows.length === 0) none(empty ?? '');
    for (const row of rows) {
      const text = Object.entries(row)
        .filter(([, value]) => value !== null && value !== undefined && value !== '')
        .map(([key, value]) => `${labelOf(key)}: ${shown(value)}`)
        .join(' · ');
      doc
        .font('body')
        .fontSize(9)
        .fillColor('#000')
        .text(`• ${text}`, MARGIN + 10, doc.y, { width: width - 10 });
    }
  };
  const records = (title: string, rows: Fields[], name: (row: Fields) => string, empty: string) => {
    heading(title);
    if (rows.length === 0) none(empty);
    for (const row of rows) {
      subheading(name(row));
      fields(row);
      for (const [key, value] of Object.entries(row)) {
        if (Array.isArray(value)) lines(labelOf(key), value as Fields[], 'None.');
      }
    }
  };

  doc
    .font('bold')
    .fontSize(20)
    .fillColor('#000')
    .text('The data we hold about you', MARGIN, doc.y, { width });
  doc.moveDown(0.3);
  doc
    .font('body')
    .fontSize(10.5)
    .fillColor('#444')
    .text(
      `Celebration, ${formatHarareDateTime(data.generatedAt)} (Harare time). Found by the ${data.about.kind} ${data.about.reference} and the email ${data.emails.join(', ') || '—'}. The JSON file beside this one holds the same, for a computer.`,
      { width },
    );

  records(
    'Fun-run entries',
    data.entries,
    (entry) => `${entry.event} ${entry.year} — ${entry.reference}`,
    'No fun-run entries.',
  );
  records(
    'Waitlist',
    data.waitlist,
    (row) => `${row.event} ${row.year} — ${row.reference}`,
    'Not on a waitlist.',
  );

  heading("Men's programme");
  const { programme } = data;
  if (programme.men.length === 0 && programme.facilitators.length === 0) none('No programme record.');
  for (const man of programme.men) {
    subheading('Participant record');
    fields(man);
  }
  for (const facilitator of programme.facilitators) {
    subheading('Facilitator record');
    fields(facilitator);
  }
  if (programme.cellGroups.length > 0) {
    subheading('Cell group');
    none(programme.cellGroups.join(', '));
  }
  lines('Session registrations', programme.sessionRegistrations);
  lines('Attendance', programme.attendance);
  lines('Submissions (the files themselves are not included)', programme.submissions);
  lines('Checklist ticks', programme.checklistTicks);

  records('Account', data.accounts, (account) => String(account.email), 'No account.');
  heading('Erasure requests');
  if (data.erasureRequests.length === 0) none('None.');
  lines('Requests', data.erasureRequests);
  heading('Mails we sent');
  if (data.mails.length === 0) none('None.');
  lines('Subject and dates', data.mails);

  doc.end();
  return doc;
}
