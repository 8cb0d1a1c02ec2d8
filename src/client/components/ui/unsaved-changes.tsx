import { createContext, type ReactNode, use, useCallback, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog, DialogFooter } from './dialog.tsx';

type Report = (id: string, dirty: boolean) => void;
const UnsavedContext = createContext<Report | null>(null);

/**
 * Tells the page around it (an UnsavedChangesGuard) whether this form holds edits not yet saved; outside a
 * guard it does nothing.
 */
export function useReportUnsaved(dirty: boolean) {
  const report = use(UnsavedContext);
  const id = useId();
  useEffect(() => {
    report?.(id, dirty);
  }, [report, id, dirty]);
  // A form that goes (a new edition redraws the sections) holds nothing any more.
  useEffect(() => {
    return () => report?.(id, false);
  }, [report, id]);
}

/**
 * A page of forms that each save on their own: leaving it while one holds unsaved edits asks first, in the app
 * (a link to another page) and when the tab is reloaded or closed (the browser's own question).
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const [dirty, setDirty] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback<Report>((id, isDirty) => {
    setDirty((before) => {
      if (before.has(id) === isDirty) return before;
      const next = new Set(before);
      if (isDirty) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const unsaved = dirty.size > 0;
  // Where a link to another page of the app was going, held while the dialog asks. React Router's blocker
  // needs its data router, which would add ~17 KiB to every page's first load: the links are caught here
  // instead (in the capture phase, before the router's own handler). Back is not caught.
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
  const navigate = useNavigate();
  useEffect(() => {
    if (!unsaved) return;
    const catchLink = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return;
      const to = new URL(link.href, location.href);
      // Another page only: the section index's links (#races) stay on this one.
      if (to.origin !== location.origin || to.pathname === location.pathname) return;
      event.preventDefault();
      event.stopPropagation();
      setLeavingTo(`${to.pathname}${to.search}${to.hash}`);
    };
    document.addEventListener('click', catchLink, true);
    return () => document.removeEventListener('click', catchLink, true);
  }, [unsaved]);
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a text is set; they show their own words anyway.
      event.returnValue = '';
    };
    addEventListener('beforeunload', ask);
    return () => removeEventListener('beforeunload', ask);
  }, [unsaved]);

  return (
    <UnsavedContext value={report}>
      {children}
      <Dialog open={leavingTo !== null} title="Leave without saving?" onClose={() => setLeavingTo(null)}>
        <p className="text-stone-700">
          {dirty.size === 1
            ? 'A section has changes that are not saved yet. If you leave, they are lost.'
            : `${dirty.size} sections have changes that are not saved yet. If you leave, they are lost.`}
        </p>
        <DialogFooter
          onCancel={() => setLeavingTo(null)}
          cancelLabel="Stay"
          label="Leave"
          onConfirm={() => {
            const to = leavingTo;
            setLeavingTo(null);
            // Not asked again on the way out: the page and its guard are leaving.
            if (to) navigate(to);
          }}
          danger
        />
      </Dialog>
    </UnsavedContext>
  );
}
