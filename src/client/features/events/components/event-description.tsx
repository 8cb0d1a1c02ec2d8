// The description's own elements, styled from its box: the server sends it as HTML.
const DESCRIPTION_CLASS = [
  'flex flex-col gap-3 leading-relaxed text-stone-800',
  '[&_h3]:mt-3 [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-stone-900',
  '[&_h4]:mt-2 [&_h4]:text-lg [&_h4]:font-semibold [&_h4]:text-stone-900',
  '[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_strong]:font-semibold',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-stone-300 [&_blockquote]:pl-4 [&_hr]:border-stone-200',
].join(' ');

/**
 * The fun run's description: HTML the server rendered from the admin's Markdown and sanitised when it was
 * saved (src/server/features/event-settings/description.ts), so no Markdown library comes to the phone.
 */
export function EventDescription({ html }: { html: string }) {
  return (
    <div
      className={DESCRIPTION_CLASS}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server against an allow-list when saved
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
