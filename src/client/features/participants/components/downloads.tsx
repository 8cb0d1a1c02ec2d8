import { useId, useState } from 'react';
import type {
  ParticipantFilter,
  ParticipantListQuery,
} from '../../../../shared/participants/participants.ts';
import { rowButtonClass, secondaryButtonClass } from '../../../components/ui/button.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { Loading } from '../../../components/ui/status.tsx';
import { useEventSettings } from '../../event-settings/index.ts';
import { exportUrl, startListCsvUrl, startListUrl, timingCsvUrl } from '../api/list-participants.ts';
import { BibPanel } from './bib-numbers.tsx';

const DISCIPLINE_NAMES = { run: 'Runners', cycle: 'Cyclists' } as const;
const entries = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'entry' : 'entries'}`;

/**
 * The list as filtered, as PDF and CSV; each race's start list, which no filter changes; and, for the
 * current edition, each race's bib numbers.
 */
export function Downloads({
  filter,
  withBibs,
}: {
  filter: ParticipantFilter & Pick<ParticipantListQuery, 'sort' | 'dir'>;
  withBibs: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [bibsOpen, setBibsOpen] = useState(false);
  const panelId = useId();
  const bibsPanelId = useId();
  return (
    <div className="mb-4">
      <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
        <a href={exportUrl('pdf', filter)} download className={secondaryButtonClass}>
          Download PDF
        </a>
        <a href={exportUrl('csv', filter)} download className={secondaryButtonClass}>
          Download CSV
        </a>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          className={`${secondaryButtonClass} col-span-2`}
        >
          Start lists (PDF, CSV)
          <span aria-hidden="true" className={`text-sm ${open ? 'rotate-180' : ''}`}>
            ▾
          </span>
        </button>
        {withBibs && (
          <button
            type="button"
            aria-expanded={bibsOpen}
            aria-controls={bibsPanelId}
            onClick={() => setBibsOpen(!bibsOpen)}
            className={`${secondaryButtonClass} col-span-2`}
          >
            Bib numbers
            <span aria-hidden="true" className={`text-sm ${bibsOpen ? 'rotate-180' : ''}`}>
              ▾
            </span>
          </button>
        )}
      </div>
      <div id={panelId} hidden={!open}>
        {open && <StartLists />}
      </div>
      {withBibs && (
        <div id={bibsPanelId} hidden={!bibsOpen}>
          {bibsOpen && <BibPanel />}
        </div>
      )}
    </div>
  );
}

function StartLists() {
  const settings = useEventSettings();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mt-2 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:ml-auto sm:max-w-2xl"
    >
      <h2 id={headingId} className="font-semibold text-stone-900">
        Start lists for race morning
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Per race, a PDF for race morning: every entry that is not cancelled, by surname, with bib, age group,
        T‑shirt, payment, reference and a box to tick; the same as a CSV that says who exported it; and a
        timing software CSV (Webscorer, RACE RESULT) with its header first: bib, names, gender, age, category
        (our age group), race, reference. The filters above do not change them.
      </p>
      {settings.isPending && <Loading label="Loading the races…" />}
      <QueryError query={settings} />
      {settings.data && (
        <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {settings.data.races.map((race) => (
            <li key={race.id} className="flex flex-col gap-1 rounded-lg border border-stone-200 p-2">
              <span className="text-sm font-semibold text-stone-900">
                {DISCIPLINE_NAMES[race.discipline]} {race.label}{' '}
                <span className="font-normal text-stone-600">· {entries(race.taken)}</span>
              </span>
              <span className="grid grid-cols-2 gap-2">
                <a
                  href={startListUrl(race.id)}
                  download
                  className={rowButtonClass}
                  aria-label={`Start list PDF: ${DISCIPLINE_NAMES[race.discipline]} ${race.label}`}
                >
                  PDF
                </a>
                <a
                  href={startListCsvUrl(race.id)}
                  download
                  className={rowButtonClass}
                  aria-label={`Start list CSV: ${DISCIPLINE_NAMES[race.discipline]} ${race.label}`}
                >
                  CSV
                </a>
                <a
                  href={timingCsvUrl(race.id)}
                  download
                  className={`${rowButtonClass} col-span-2`}
                  aria-label={`Timing software CSV: ${DISCIPLINE_NAMES[race.discipline]} ${race.label}`}
                >
                  Timing software CSV
                </a>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
