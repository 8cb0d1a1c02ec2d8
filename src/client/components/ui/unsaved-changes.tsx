import { createContext, type ReactNode, use, useCallback, useEffect, useId, useState } from 'react';
import { useBlocker } from 'react-router';
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
 * (a link, Back) and when the tab is reloaded or closed (the browser's own question).
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
  // Another page only: the section index's links (#races) stay on this one.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );
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
      <Dialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        onClose={() => blocker.reset?.()}
      >
        <p className="text-stone-700">
          {dirty.size === 1
            ? 'A section has changes that are not saved yet. If you leave, they are lost.'
            : `${dirty.size} sections have changes that are not saved yet. If you leave, they are lost.`}
        </p>
        <DialogFooter
          onCancel={() => blocker.reset?.()}
          cancelLabel="Stay"
          label="Leave"
          onConfirm={() => blocker.proceed?.()}
          danger
        />
      </Dialog>
    </UnsavedContext>
  );
}
