// The event's races as the admin's settings page sends them back; plain data, so the browser tests can use it.

/** A race as GET /api/admin/event answers it. */
export type AdminRace = Record<string, unknown> & { label: string };

/** A race of GET /api/admin/event as PUT /api/admin/event/races takes it back; changes win. */
export function raceAsSent(race: AdminRace, changes: Record<string, unknown> = {}) {
  return {
    id: race.id,
    discipline: race.discipline,
    label: race.label,
    capacity: race.capacity,
    feeUsd: race.feeUsd,
    feeZwg: race.feeZwg,
    startTime: race.startTime,
    ...changes,
  };
}
